// Alert fatigue (issue 58 item 8): a rule that starts again within minutes of
// ending is one alert with episodes, as Grafana and PagerDuty group them. The
// status bar counts alerts, not episodes, and acknowledging one covers its
// episodes so far; an episode after that is news again.
import { describe, expect, it } from "vitest";
import type { AlertSeverity } from "../../workers/contract/alerts";
import { AlertLog, GROUP_GAP_S, logFromEvents } from "../../workers/telemetry/alerts/AlertLog";
import type { StageEvent } from "../../workers/telemetry/pipeline/Stage";
import type { SessionEvent } from "../../workers/contract/events";
import { alertCountsText, groupAlertLog } from "../../src/ui/format/alertFormat";

const T0 = 1_795_000_000;

function event(
  ruleId: string,
  start: number,
  end: number | null,
  severity: AlertSeverity = "critical",
): StageEvent {
  return {
    kind: "alert",
    time: end ?? start,
    payload: {
      phase: end === null ? "start" : "end",
      ruleId,
      subject: "Battery.HighTemperature",
      label: "Highest Battery Temperature",
      unit: "°C",
      severity,
      start: T0 + start,
      end: end === null ? null : T0 + end,
      value: 60,
      peak: 61,
      limit: 50,
      template: "hot",
      bitNames: null,
      mask: 0xffffffff,
    },
  };
}

/** An episode of `ruleId` from `start` to `end` (seconds after T0). */
function episode(log: AlertLog, ruleId: string, start: number, end: number) {
  log.onEvent(event(ruleId, start, null));
  log.onEvent(event(ruleId, start, end));
}

describe("alert episodes", () => {
  it("a flapping rule is one alert: 84 episodes, one critical not acknowledged", () => {
    const log = new AlertLog();
    for (let i = 0; i < 84; i++) episode(log, "pack-hot", i * 120, i * 120 + 30);
    const summary = log.summary("live");
    expect(summary.unacknowledgedCritical).toBe(1);
    expect(alertCountsText(summary.active, summary.unacknowledgedCritical)).toBe(
      "1 critical cleared, not acknowledged",
    );
    const { log: entries } = log.read(T0 + 20_000);
    expect(new Set(entries.map((e) => e.group)).size).toBe(1);
    const rows = groupAlertLog([...entries].reverse());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.episodes).toHaveLength(84);
    expect(rows[0]!.entry.start).toBe(T0 + 83 * 120); // the newest episode stands for it
  });

  it("a start more than the gap after the last end, or another rule, is another alert", () => {
    const log = new AlertLog();
    episode(log, "pack-hot", 0, 10);
    episode(log, "pack-hot", 10 + GROUP_GAP_S, 20 + GROUP_GAP_S); // just within: same alert
    episode(log, "pack-hot", 21 + 2 * GROUP_GAP_S, 30 + 2 * GROUP_GAP_S); // 1 s too late
    episode(log, "cell-low", 40, 50);
    const groups = log.read(T0 + 5000).log.map((e) => [e.ruleId, e.group]);
    expect(groups).toEqual([
      ["pack-hot", 1],
      ["pack-hot", 1],
      ["pack-hot", 3],
      ["cell-low", 4],
    ]);
    expect(log.summary("live").unacknowledgedCritical).toBe(3);
  });

  it("acknowledging an alert covers its episodes; the next episode is news again", () => {
    const log = new AlertLog();
    episode(log, "pack-hot", 0, 10);
    episode(log, "pack-hot", 60, 70);
    const seqs = log.read(T0 + 100).log.map((e) => e.seq);
    log.acknowledge(seqs);
    expect(log.summary("live").unacknowledgedCritical).toBe(0);
    episode(log, "pack-hot", 120, 130);
    expect(log.summary("live").unacknowledgedCritical).toBe(1);
    const [row] = groupAlertLog([...log.read(T0 + 200).log].reverse());
    expect(row!.episodes.map((e) => e.acknowledged)).toEqual([false, true, true]);
    expect(row!.entry.acknowledged).toBe(false);
  });

  it("a recorded log groups its episodes as the live one did", () => {
    const events: SessionEvent[] = [];
    for (const e of [
      event("pack-hot", 0, null),
      event("pack-hot", 0, 10),
      event("pack-hot", 40, null),
      event("pack-hot", 40, 50),
    ])
      events.push({ kind: "alert", time: e.time, ...(e.payload as object) } as SessionEvent);
    const log = logFromEvents(events);
    expect(log.read(T0 + 100).log.map((e) => e.group)).toEqual([1, 1]);
    expect(log.summary("recorded").unacknowledgedCritical).toBe(1);
  });
});
