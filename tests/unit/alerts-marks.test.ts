// Issue 34: alerts shown where the data is, from the worker's side: the
// series answers carry the spans of the requested fields' alerts over the
// plot's window (tails too), and the track answer pins each alert where the
// car was when it started.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SeriesRequest } from "../../workers/contract/series";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { alertHistory, rule, T0 } from "./alertsKit";

const file = (rules: unknown[]) => ({ format: "helios-alert-rules", version: 1, rules });

describe("alert spans in the log", () => {
  it("lists a subject's alerts overlapping a window, ended and active, and no other subject's", () => {
    const high = rule({ subject: "Battery.PackVoltage", condition: { kind: "above", limit: 100 } });
    const { feed, log } = alertHistory([high]);
    const volts = (v: number) => (p: { Battery: { PackVoltage: number } }) =>
      void (p.Battery.PackVoltage = v);
    feed(0, volts(90));
    feed(10, volts(120)); // starts
    feed(20, volts(90)); // ends
    feed(30, volts(90));
    feed(40, volts(130)); // starts, still active
    const spans = (from: number, to: number) =>
      log
        .spans("Battery.PackVoltage", T0 + from, T0 + to)
        .map((s) => [s.start - T0, s.end && s.end - T0]);
    expect(spans(0, 50)).toEqual([
      [10, 20],
      [40, null],
    ]);
    expect(spans(25, 35)).toEqual([]);
    expect(spans(15, 25)).toEqual([[10, 20]]);
    expect(spans(45, 50)).toEqual([[40, null]]);
    expect(log.spans("Battery.PackCurrent", T0, T0 + 50)).toEqual([]);
    expect(log.starts(T0 + 5, T0 + 50, 10).map((s) => s.start - T0)).toEqual([40, 10]);
    expect(log.starts(T0 + 5, T0 + 50, 1).map((s) => s.start - T0)).toEqual([40]);
    expect(log.starts(T0 + 15, T0 + 35, 10)).toEqual([]);
  });
});

describe("alert spans and pins on the TelemetryApi", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  async function demoWithRule() {
    const service = new TelemetryService({ demoSeed: 3 });
    service.start({ connectToBackend: false, historyCapacity: 5000 }, () => {});
    vi.advanceTimersByTime(3000);
    const result = await service.setAlertRules(
      file([
        rule({
          id: "over",
          subject: "Battery.PackVoltage",
          condition: { kind: "above", limit: 1 },
          severity: "critical",
        }),
      ]),
    );
    expect(result.ok).toBe(true);
    vi.advanceTimersByTime(2000);
    return service;
  }

  const live = (fields: string[], from: number | null): SeriesRequest => ({
    fields,
    from,
    to: null,
    points: 200,
    units: "metric",
    liveWindowSeconds: 60,
  });

  it("a live answer carries the span of the plotted field's alert, on its column, a tail's too", async () => {
    const service = await demoWithRule();
    const start = service.alerts().active[0]!.start;
    const [whole] = service.seriesBatch([
      live(["Battery.PackCurrent", "Battery.PackVoltage"], null),
    ]);
    expect(whole!.alertSpans).toEqual([{ column: 2, start, end: null, severity: "critical" }]);
    // A tail from after the start still carries it: it replaces the window's spans.
    const [tail] = service.seriesBatch([live(["Battery.PackVoltage"], whole!.to! - 0.5)]);
    expect(tail!.alertSpans).toEqual([{ column: 1, start, end: null, severity: "critical" }]);
    const [other] = service.seriesBatch([live(["Battery.PackCurrent"], null)]);
    expect(other!.alertSpans).toBeUndefined();
    // A fixed window that ends before the alert shows none.
    const [before] = service.seriesBatch([
      {
        fields: ["Battery.PackVoltage"],
        from: start - 3,
        to: start - 1,
        points: 100,
        units: "metric",
      },
    ]);
    expect(before!.alertSpans).toBeUndefined();
    service.stop();
  });

  it("the track answer pins the alert where the car was when it started", async () => {
    const service = await demoWithRule();
    const alert = service.alerts().active[0]!;
    const track = service.track({
      colorField: "MotorDetails0.VehicleVelocity",
      units: "metric",
      toleranceDeg: 0,
      maxPoints: 10_000,
      from: null,
      to: null,
    });
    expect(track.alertPins).toHaveLength(1);
    const pin = track.alertPins![0]!;
    expect(pin).toMatchObject({ seq: alert.seq, time: alert.start, severity: "critical" });
    expect(pin.message).toBe(alert.message);
    // The trail's point at that time is where the pin is.
    const i = Array.from(track.time).findIndex((t) => t >= alert.start);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(pin.lat).toBeCloseTo(track.lat[i]!, 6);
    expect(pin.long).toBeCloseTo(track.long[i]!, 6);
    // A window before the alert has no pin.
    const earlier = service.track({
      colorField: "MotorDetails0.VehicleVelocity",
      units: "metric",
      toleranceDeg: 0,
      maxPoints: 10_000,
      from: null,
      to: alert.start - 1,
    });
    expect(earlier.alertPins).toEqual([]);
    service.stop();
  });
});
