// Issue 34: the live history's alerts through the TelemetryApi: the default
// rules run on live packets, rules are set whole or refused, alerts are read
// and acknowledged, and the links are watched as system subjects.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { rule } from "./alertsKit";

const file = (rules: unknown[]) => ({ format: "helios-alert-rules", version: 1, rules });

function startDemo(config: Record<string, unknown> = {}) {
  const service = new TelemetryService({ demoSeed: 3 });
  service.start({ connectToBackend: false, historyCapacity: 5000, ...config }, () => {});
  return service;
}

describe("alerts on the TelemetryApi", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("starts with the team's defaults and evaluates the rules set on live packets", async () => {
    const service = startDemo();
    expect(service.alertRules()).toEqual(service.defaultAlertRules());
    expect(service.alertRules().length).toBeGreaterThan(90);
    const result = await service.setAlertRules(
      JSON.stringify(
        file([
          rule({
            id: "moving",
            subject: "Battery.PackVoltage",
            condition: { kind: "above", limit: 1 },
            severity: "critical",
            message: "{label} {value} {unit}",
          }),
        ]),
      ),
    );
    expect(result.ok).toBe(true);
    vi.advanceTimersByTime(2000);
    const { active, log } = service.alerts();
    expect(active.map((a) => [a.ruleId, a.severity, a.label, a.unit])).toEqual([
      ["moving", "critical", "Pack Voltage", "V"],
    ]);
    expect(active[0]!.message).toMatch(/^Pack Voltage \d+(\.\d+)? V$/);
    expect(active[0]!.duration).toBeGreaterThan(1);
    expect(log).toHaveLength(1);
    service.acknowledgeAlerts([active[0]!.seq]);
    expect(service.alerts().log[0]!.acknowledged).toBe(true);
    service.stop();
  });

  it("a bad rules file is refused with its reasons and the rules in force stay", async () => {
    const service = startDemo();
    const before = service.alertRules();
    const result = await service.setAlertRules(
      file([rule({ subject: "Battery.PackVoltage", condition: { kind: "inside", lo: 3, hi: 1 } })]),
    );
    expect(result).toEqual({
      ok: false,
      errors: [expect.stringContaining("lo (3) is above hi (1)")],
    });
    expect(service.alertRules()).toEqual(before);
    service.stop();
  });

  it("RADIO: no packets for 5 s while the link is up raises the no-packets alert", async () => {
    const service = startDemo({ connectionType: "RADIO" });
    const line = new TextEncoder().encode(
      JSON.stringify(new CarSimulator({ seed: 8 }).next(0.5)) + "\n",
    );
    // A port that sends one packet and stays open.
    service.attachRadio(new ReadableStream({ start: (c) => c.enqueue(line) }));
    await vi.waitFor(() => expect(service.snapshot(0).counters.accepted).toBe(1));
    vi.advanceTimersByTime(4000);
    expect(service.alerts().active.map((a) => a.ruleId)).not.toContain("no-packets");
    vi.advanceTimersByTime(2000);
    const active = service.alerts().active.filter((a) => a.ruleId === "no-packets");
    expect(active.map((a) => [a.severity, a.message])).toEqual([
      ["warning", expect.stringMatching(/^No packets for [56](\.\d+)? s$/)],
    ]);
    // A link's alert lasts on the wall clock (no packet time comes meanwhile).
    vi.advanceTimersByTime(3000);
    const later = service.alerts().active.find((a) => a.ruleId === "no-packets")!;
    expect(later.duration).toBeGreaterThanOrEqual(3);
    expect(later.duration).toBeLessThan(4.5);
    service.stop();
  });

  it("a link that was never up is not lost", () => {
    const service = startDemo({ connectionType: "NETWORK", backendUrl: "http://127.0.0.1:9" });
    vi.advanceTimersByTime(10_000);
    expect(service.alerts().active).toEqual([]);
    service.stop();
  });
});
