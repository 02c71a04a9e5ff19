// The alerts as a registered analysis (workers/telemetry/features.ts): the
// stage checks every rule on every packet of every history; the live part
// keeps the live log, records its starts, ends and acknowledgements with the
// session, brings them back after a reload, and announces new alerts; each
// window's replay has its own log (alertsReplay.ts), never announced. The
// shown log's alerts appear beside their data: bands in the plots, pins on
// the map (alertMarks.ts). A change of the rules applies from now on: the live
// history's stage checks the new rules from the next packet, its log keeps what
// the old ones found; a replay's recorded log stays as recorded, and its
// evaluated log, computed from the rules rather than stored with the history,
// is evaluated again (AlertsReplay.settingChanged).
import type { Feature, FeatureView } from "../pipeline/Feature";
import type { Stage } from "../pipeline/Stage";
import { ALERT_EVENT_KINDS, ALERT_EVENTS } from "./alertEvents";
import { addAlertSpans, alertPins, type ShownAlerts } from "./alertMarks";
import { alertsApi, alertsSummary } from "./alertsApi";
import { AlertsDesk } from "./alertsDesk";
import { AlertsReplay } from "./alertsReplay";
import { alertsStage } from "./alertsStage";
import { defaultRules } from "./defaults";
import { alertRulesSchema } from "./ruleSchema";

/** The log of the history a view shows: the live one, or the window's replay's. */
function shownLog(desk: AlertsDesk, view: FeatureView, replay: AlertsReplay | null): ShownAlerts {
  return !view.live && replay ? replay : desk;
}

export const alertsFeature: Feature<AlertsDesk, AlertsReplay> = {
  id: "alerts",
  stages: [alertsStage as Stage],
  emits: ["alert"],
  events: ALERT_EVENTS,
  restores: ALERT_EVENT_KINDS,
  setting: { kind: "alertRules", schema: alertRulesSchema, default: defaultRules },
  onSettingChange: "fromNow",
  panel: true,
  live: (context) => new AlertsDesk(context),
  replayPart: (desk, replay) => new AlertsReplay(replay, () => desk.compiledRules),
  api: (desk, window) => alertsApi(desk, window),
  snapshot: (desk, view, replay) => alertsSummary(desk, view, replay),
  snapshotField: "alerts",
  series: (desk, view, replay, requests, results) =>
    addAlertSpans(requests, results, shownLog(desk, view, replay), view.clock),
  track: (desk, view, replay, { from, to }, track) => {
    track.alertPins = alertPins(view.store.ring, shownLog(desk, view, replay), from, to);
  },
};
