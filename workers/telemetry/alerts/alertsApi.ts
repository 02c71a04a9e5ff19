// The alerts' calls of one window (AlertsApi), and its brief in the window's
// snapshot. The rules in force and the mutes are the core's (the live part);
// the alerts read are the shown history's: live, or this window's replay's
// own log (workers/contract/alerts.ts). Which one is the view's answer
// (FeatureView.live), asked here once per call.
import { defaultRules } from "./defaults";
import type { AlertsApi, AlertsSummary } from "../../contract/alerts";
import type { FeatureView, WindowAccess } from "../pipeline/Feature";
import type { AlertsDesk } from "./alertsDesk";
import type { AlertsReplay } from "./alertsReplay";
import { alertSubjects } from "./subjects";

/** The log the view shows, read at its clock: the live one, or the replay's. */
function shown(desk: AlertsDesk, view: FeatureView, replay: AlertsReplay | null) {
  const log = !view.live && replay ? replay : null;
  return {
    read: () => (log ? log.read(view.clock) : desk.read()),
    csv: () => (log ? log.csv(view.clock) : desk.csv()),
    acknowledge: (seqs?: number[]) => (log ? log.acknowledge(seqs) : desk.acknowledge(seqs)),
  };
}

export function alertsApi(desk: AlertsDesk, window: WindowAccess<AlertsReplay>): AlertsApi {
  const here = () => shown(desk, window.view(), window.replayPart());
  return {
    alerts: () => here().read(),
    alertLogCsv: () => here().csv(),
    muteAlertRule: (ruleId, minutes) => desk.mute(ruleId, minutes),
    mutedAlertRules: () => desk.muted(),
    alertRules: () => desk.currentRules(),
    setAlertRules: (file) =>
      // Read, checked and compiled a slice at a time; then taken at once, the
      // core handing them to every history and replay (ReplayPart.settingChanged).
      desk.setRules(file, (ready) =>
        window.changeSetting(
          () => desk.version,
          () => desk.adopt(ready),
        ),
      ),
    checkAlertRules: (file) => desk.check(file),
    alertSubjects: () => alertSubjects(window.fieldCatalog(), desk.fields),
    defaultAlertRules: () => defaultRules(),
    /** Acknowledges in the shown history's log (a replay's is its own, and not recorded). */
    acknowledgeAlerts: (seqs) => here().acknowledge(seqs),
    /** In a replay: its recorded alerts, or the rules evaluated over it. Live: nothing. */
    setReplayAlerts: async (origin) => {
      const replay = window.replayPart();
      if (window.view().live || !replay) return;
      if (origin !== "recorded" && origin !== "evaluated") return;
      await replay.show(origin);
    },
  };
}

/**
 * The shown history's alerts in brief. The version adds the live log's and
 * the replay's (each only rises, and the replay's moves at every switch),
 * so it moves whenever what the window shows may have changed.
 */
export function alertsSummary(
  desk: AlertsDesk,
  view: FeatureView,
  replay: AlertsReplay | null,
): AlertsSummary {
  const live = desk.summary();
  if (!replay) return live;
  const summary = replay.summary(view.clock);
  const version = live.version + summary.version;
  return view.live ? { ...live, version } : { ...summary, version };
}
