// Shared by the alerts tests: a history with the real ingest pipeline and
// chosen rules, fed packets at chosen packet times, its events and log kept.
import type { AlertRule } from "../../workers/contract/alerts";
import { AlertLog } from "../../workers/telemetry/alerts/AlertLog";
import { alertWords } from "../../workers/telemetry/alerts/alertWords";
import { alertsStage, type AlertEventPayload } from "../../workers/telemetry/alerts/alertsStage";
import { setRules } from "../../workers/telemetry/alerts/ruleChange";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";

export const T0 = 1_795_000_000;

let ids = 0;
/** A rule with everything but what the test says left plain. */
export function rule(
  partial: Partial<AlertRule> & Pick<AlertRule, "subject" | "condition">,
): AlertRule {
  return {
    id: `r${++ids}`,
    forSeconds: 0,
    severity: "warning",
    message: "{label} {value} {unit}",
    enabled: true,
    ...partial,
  };
}

export function alertHistory(rules: readonly AlertRule[]) {
  const events: AlertEventPayload[] = [];
  const log = new AlertLog();
  const store = new TelemetryStore({
    layout: LAYOUT,
    capacity: 256,
    onStageEvent: (event) => {
      events.push(event.payload as AlertEventPayload);
      log.onEvent(event);
    },
  });
  const state = store.pipeline.state(alertsStage)!;
  setRules(state, rules, () => {});
  const feed = (seconds: number, edit: (p: TelemetryPacket) => void = () => {}) => {
    const p = defaultPacket();
    p.TimeStamp = T0 + seconds;
    edit(p);
    if (!store.ingest(p, "DEMO")) throw new Error("test packet rejected");
  };
  // With their words (message, bit names), as the log writes them when read.
  const worded = (e: AlertEventPayload) => ({ ...e, ...alertWords(e, e.phase === "end") });
  const starts = () => events.filter((e) => e.phase === "start").map(worded);
  const ends = () => events.filter((e) => e.phase === "end").map(worded);
  return { events, log, store, state, feed, starts, ends };
}
