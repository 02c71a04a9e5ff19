// Issue 34: what reaches the windows. New live alerts are pushed once as an
// "alerts" event (unless their rule is muted or logs only), every snapshot
// carries the counts by severity and the worst severity per field, and the
// log exports as CSV with labels, not wire names.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { rule } from "./alertsKit";

const file = (rules: unknown[]) => ({ format: "helios-alert-rules", version: 1, rules });
const always = (id: string, extra: Record<string, unknown> = {}) =>
  rule({
    id,
    subject: "Battery.PackVoltage",
    condition: { kind: "above", limit: 1 },
    severity: "critical",
    ...extra,
  });

function startDemo() {
  const heard: WorkerEvent[] = [];
  const service = new TelemetryService({ demoSeed: 3, flushIntervalMs: 0 });
  service.start({ connectToBackend: false, historyCapacity: 5000 }, (events) =>
    heard.push(...events),
  );
  const started = () =>
    heard.flatMap((e) => (e.type === "alerts" ? e.started.map((a) => a.ruleId) : []));
  return { service, started };
}

describe("alerts reaching the windows", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("pushes a new live alert once, and the snapshot counts it by severity and field", async () => {
    const { service, started } = startDemo();
    expect((await service.setAlertRules(file([always("pack-high")]))).ok).toBe(true);
    const before = service.snapshot(0).alerts.version;
    vi.advanceTimersByTime(2000);
    expect(started()).toEqual(["pack-high"]);
    const { alerts } = service.snapshot(0);
    expect(alerts.active).toEqual({ info: 0, warning: 0, critical: 1 });
    expect(alerts.unacknowledgedCritical).toBe(1);
    expect(alerts.bySubject).toEqual({ "Battery.PackVoltage": "critical" });
    expect(alerts.version).toBeGreaterThan(before);
    // Ended, it stays counted until acknowledged: a one-packet alert is not missed.
    await service.setAlertRules(file([]));
    expect(service.snapshot(0).alerts.active.critical).toBe(0);
    expect(service.snapshot(0).alerts.unacknowledgedCritical).toBe(1);
    service.acknowledgeAlerts();
    expect(service.snapshot(0).alerts.unacknowledgedCritical).toBe(0);
    expect(service.snapshot(0).alerts.version).toBeGreaterThan(alerts.version);
    service.stop();
  });

  it("a storm of 30 alerts at once sends 20 entries and counts the rest", async () => {
    const heard: number[] = [];
    // Rules set before the start: the first packet starts all 30 at once.
    const again = new TelemetryService({ demoSeed: 3, flushIntervalMs: 0 });
    await again.setAlertRules(file(Array.from({ length: 30 }, (_, i) => always(`storm-${i}`))));
    again.start({ connectToBackend: false, historyCapacity: 5000 }, (events) => {
      for (const e of events) if (e.type === "alerts") heard.push(e.started.length, e.omitted ?? 0);
    });
    vi.advanceTimersByTime(2000);
    expect(heard).toEqual([20, 10]);
    expect(again.alerts().active).toHaveLength(30);
    again.stop();
  });

  it("a burst of packets starting 500 alerts sends the first at once, then one capped batch", async () => {
    const sends: [number, number][] = [];
    const service = new TelemetryService({ demoSeed: 3, flushIntervalMs: 0 });
    await service.setAlertRules(
      file([always("pack-high", { condition: { kind: "above", limit: 150 } })]),
    );
    service.start({ connectToBackend: false, connectionType: "RADIO" }, (events) => {
      for (const e of events)
        if (e.type === "alerts") sends.push([e.started.length, e.omitted ?? 0]);
    });
    // 1,000 packets in one read, the pack voltage over the limit every other one.
    const car = new CarSimulator({ seed: 8 });
    const lines = Array.from({ length: 1000 }, (_, i) => {
      const packet = car.next(0.01);
      packet.Battery.PackVoltage = i % 2 === 0 ? 200 : 100;
      return JSON.stringify(packet);
    });
    const bytes = new TextEncoder().encode(lines.join("\n") + "\n");
    service.attachRadio(new ReadableStream({ start: (c) => c.enqueue(bytes) }));
    await vi.waitFor(() => expect(service.snapshot(0).counters.accepted).toBe(1000));
    vi.advanceTimersByTime(100);
    expect(service.alerts().log).toHaveLength(500);
    expect(sends).toEqual([
      [1, 0],
      [20, 479],
    ]);
    service.stop();
  });

  it("a muted rule and a log-only rule are logged but not announced", async () => {
    const { service, started } = startDemo();
    await service.setAlertRules(file([always("muted"), always("quiet", { notify: false })]));
    service.muteAlertRule("muted", 5);
    expect(Object.keys(service.mutedAlertRules())).toEqual(["muted"]);
    vi.advanceTimersByTime(2000);
    expect(started()).toEqual([]);
    expect(
      service
        .alerts()
        .active.map((a) => a.ruleId)
        .sort(),
    ).toEqual(["muted", "quiet"]);
    service.muteAlertRule("muted", 0);
    expect(service.mutedAlertRules()).toEqual({});
    service.stop();
  });

  it("the log exports as CSV with the subject's label and unit", async () => {
    const { service } = startDemo();
    await service.setAlertRules(file([always("pack-high")]));
    vi.advanceTimersByTime(2000);
    const [header, row, ...rest] = service.alertLogCsv().trim().split("\n");
    expect(header).toContain("Started (ISO 8601)");
    expect(header).not.toContain("PackVoltage");
    expect(row).toContain('"Pack Voltage"');
    expect(row).toContain('"V"');
    expect(rest).toEqual([]);
    service.stop();
  });
});
