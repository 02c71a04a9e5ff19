import { describe, expect, it } from "vitest";
import { configureStrategy, forecastNow } from "../../workers/telemetry/strategy/strategyStage";
import { fitPackVoltage } from "../../workers/telemetry/strategy/packVoltage";
import { slotOf } from "../../workers/telemetry/strategy/minuteWindows";
import { SETTINGS, createWorld, drive } from "./strategyKit";

/** A pack whose voltage falls 0.3 V per point of charge: 130 V full, 106 V at 20 %. */
const falling = (socPct: number) => 100 + 0.3 * socPct;

const world = (packV?: (socPct: number) => number) => {
  const w = createWorld(90);
  w.packV = packV;
  configureStrategy(w.state, { settings: SETTINGS, raceInfo: null, emitRecords: false });
  return w;
};
const allSlots = (w: ReturnType<typeof world>) => {
  const windows = w.state.windows;
  return Array.from({ length: windows.count }, (_, k) => slotOf(windows, k));
};

describe("the pack's voltage as it empties", () => {
  it("is fitted from the day's minutes: volts per point of charge", () => {
    const w = world(falling);
    drive(w, 75, 4 * 3600);
    const fit = fitPackVoltage(w.state.windows, allSlots(w));
    expect(fit).not.toBeNull();
    expect(fit!.voltsPerPct).toBeCloseTo(0.3, 2);
    expect(fit!.windows).toBeGreaterThan(200);
  });

  it("is not fitted before enough charge has moved", () => {
    const w = world(falling);
    drive(w, 60, 20 * 60);
    expect(fitPackVoltage(w.state.windows, allSlots(w))).toBeNull();
  });

  it("makes a long discharge end where the car ends it, not higher", () => {
    const w = world(falling);
    drive(w, 65, 2 * 3600);
    drive(w, 78, 2 * 3600);
    const answer = forecastNow(w.state, null);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const f = answer.forecast;
    expect(f.inputs.find((i) => i.label === "Pack voltage")?.value).toBe(
      "0.3 V lower per point of charge",
    );
    drive(w, 78, 4 * 3600); // 13:00 → 17:00 as forecast, from 60 % to 5 %
    // At 13:00's voltage alone the forecast ended the day about 4 points too high.
    expect(w.soc).toBeLessThan(10);
    expect(Math.abs(f.current.endSocPct - w.soc)).toBeLessThan(0.4);
  });
});
