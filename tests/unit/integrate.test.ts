// One way to integrate over packet time (history/integrate.ts): the lap
// energy totals, the strategy's minute windows, range statistics and integ()
// must give the pack's energy the same, trapezoids with the same gap rule.
import { describe, expect, it } from "vitest";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { PACK_OUT_TOTAL } from "../../workers/telemetry/laps/analysis/energyStage";
import { strategyStage } from "../../workers/telemetry/strategy/strategyStage";
import { summarise } from "../../workers/telemetry/stats/rangeStats";
import { createTimeFunction } from "../../workers/telemetry/math/timeFunctions";
import { MAX_STEP_SECONDS } from "../../workers/telemetry/history/integrate";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;
// Pack power 1000, 1000, 1000, 2000 (a step of exactly 10 s: bridged), 3000
// (10.5 s later: a gap), 1000 W. Trapezoids: 1000 + 1000 + 15,000 + 0 + 1000
// W·s = 5 Wh; rectangles of each packet's power would say 6.25 Wh.
const SAMPLES = [
  { t: 0, amps: 10 },
  { t: 1, amps: 10 },
  { t: 2, amps: 10 },
  { t: 12, amps: 20 },
  { t: 22.5, amps: 30 },
  { t: 23, amps: 10 },
];
const VOLTS = 100;

describe("the pack's energy, integrated one way", () => {
  it("the lap energy total, the strategy's windows, range statistics and integ() agree", () => {
    expect(MAX_STEP_SECONDS).toBe(10);
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
    for (const s of SAMPLES) {
      const p = defaultPacket();
      p.TimeStamp = T0 + s.t;
      p.Battery.PackVoltage = VOLTS;
      p.Battery.PackCurrent = s.amps;
      p.MotorDetails0.VehicleVelocity = 15;
      expect(store.ingest(p, "DEMO")).toBe(true);
    }
    const total = store.ring.number(
      store.ring.length - 1,
      LAYOUT.storedFieldSlot(PACK_OUT_TOTAL)!.index,
    );
    expect(total).toBeCloseTo(5, 12);

    const strategy = store.pipeline.state(strategyStage)!;
    const w = strategy.windows;
    let windowsWh = 0;
    for (let k = 0; k < w.count; k++) windowsWh += w.packWh[k]!;
    expect(windowsWh).toBeCloseTo(5, 12);

    const times = SAMPLES.map((s) => T0 + s.t);
    const watts = SAMPLES.map((s) => VOLTS * s.amps);
    expect(summarise(times, watts, SAMPLES.length, false, undefined).integralH).toBeCloseTo(5, 12);

    const integ = createTimeFunction("integ", undefined);
    const out = new Float64Array(1);
    times.forEach((t, i) => integ.update(t, watts[i]!, out, 0));
    expect(out[0]).toBeCloseTo(5, 12);
  });
});
