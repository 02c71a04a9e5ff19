// Issue 34: a restore after a reload puts the live alerts back as they were
// recorded, and keeps the stage in step with them: nothing of it announced.
import { describe, expect, it } from "vitest";
import type { AlertEvent } from "../../workers/contract/events";
import { LiveAlerts } from "../../workers/telemetry/alerts/liveAlerts";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { rule, T0 } from "./alertsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const file = (rules: unknown[]) => ({ format: "helios-alert-rules", version: 1, rules });
const high = rule({
  id: "high",
  subject: "Battery.PackVoltage",
  condition: { kind: "above", limit: 101 },
  severity: "critical",
});

function packet(seconds: number, volts: number) {
  const p = defaultPacket();
  p.TimeStamp = T0 + seconds;
  p.Battery.PackVoltage = volts;
  return p;
}

/** Rows recorded before the reload: 10 s at 1 Hz, over 101 V from the 5th s on. */
function recordedRows() {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
  for (let s = 0; s < 10; s++) store.ingest(packet(s, s >= 5 ? 102 : 100), "DEMO");
  return store.newestRows(10);
}

async function reloaded(rules = [high]) {
  const alerts = new LiveAlerts(
    () => (T0 + 20) * 1000,
    () => {},
    LAYOUT,
  );
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 64, onStageEvent: alerts.sink });
  alerts.attach(store);
  expect((await alerts.setRules(file(rules))).ok).toBe(true);
  alerts.settingApplied(store); // what the core does once a set took
  return { alerts, store };
}

const started = (ruleId: string, start: number, value: number): AlertEvent => ({
  kind: "alert",
  time: start,
  phase: "start",
  ruleId,
  subject: "Battery.PackVoltage",
  label: "Pack Voltage",
  unit: "V",
  severity: "critical",
  start,
  end: null,
  value,
  peak: value,
  limit: 101,
  template: "{label} {value} {unit}",
  bitNames: null,
  mask: 0xffffffff,
});

describe("live alerts after a restore", () => {
  it("an alert the restored rows show active, its start never recorded, is logged, not announced", async () => {
    const { alerts, store } = await reloaded();
    store.beginRestore();
    store.appendRestored(recordedRows());
    alerts.restore([]);
    store.endRestore();
    expect(alerts.read().active.map((a) => [a.ruleId, a.start])).toEqual([["high", T0 + 5]]);
    expect(alerts.hasStarted).toBe(false);
    // Live data ends it, once.
    store.ingest(packet(11, 100), "DEMO");
    expect(alerts.read().log.map((a) => [a.ruleId, a.start, a.end])).toEqual([
      ["high", T0 + 5, T0 + 11],
    ]);
  });

  it("a recorded alert whose rule is not in force yet waits for the rules, and ends if they lack it", async () => {
    const { alerts, store } = await reloaded([]);
    store.beginRestore();
    store.appendRestored(recordedRows());
    alerts.restore([started("high", T0 + 5, 102), started("gone", T0 + 6, 103)]);
    store.endRestore();
    expect(alerts.read().active.map((a) => a.ruleId)).toEqual(["high", "gone"]);
    // The saved rules arrive: "high" goes on, "gone" is no rule any more and ends.
    expect((await alerts.setRules(file([high]))).ok).toBe(true);
    alerts.settingApplied(store);
    expect(alerts.read().active.map((a) => a.ruleId)).toEqual(["high"]);
    store.ingest(packet(12, 100), "DEMO");
    expect(alerts.read().log.map((a) => [a.ruleId, a.start, a.end])).toEqual([
      ["high", T0 + 5, T0 + 12],
      ["gone", T0 + 6, T0 + 9],
    ]);
    expect(alerts.hasStarted).toBe(false);
  });
});
