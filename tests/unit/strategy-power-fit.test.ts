import { describe, expect, it } from "vitest";
import { fitPower, powerAt, PRIOR } from "../../workers/telemetry/strategy/powerFit";

const TRUE = { a: 60, b: 18, c: 0.08 };
const MASS = 300;

/** Deterministic noise in [-1, 1). */
function noise(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/**
 * One-minute windows of a car driving around `kmh` values, sampled at 1 Hz:
 * each second's power is the curve's plus m·a·v, the speed wandering by
 * ±20 % (corners, traffic). The windows' mean speed and mean power, as the
 * strategy stage keeps them.
 */
function windows(speedsKmh: number[], minutesEach: number, seed = 1) {
  const r = noise(seed);
  const speeds: number[] = [];
  const powers: number[] = [];
  let v = speedsKmh[0]! / 3.6;
  let biggestSwing = 0;
  for (const kmh of speedsKmh)
    for (let m = 0; m < minutesEach; m++) {
      let dist = 0;
      let energy = 0;
      for (let s = 0; s < 60; s++) {
        const target = (kmh / 3.6) * (1 + 0.2 * r());
        const accel = Math.max(-2, Math.min(1.5, (target - v) / 3));
        const next = Math.max(0, v + accel);
        const mid = (v + next) / 2;
        const p = powerAt(TRUE, mid) + MASS * accel * mid;
        biggestSwing = Math.max(biggestSwing, Math.abs(MASS * accel * mid));
        energy += p;
        dist += mid;
        v = next;
      }
      speeds.push(dist / 60);
      powers.push(energy / 60);
    }
  return { speeds, powers, biggestSwing };
}

describe("power model fit P(v) = a + b·v + c·v³", () => {
  it("finds a known curve from windows of noisy driving at several speeds", () => {
    const w = windows([40, 50, 60, 70, 80, 55, 65, 75], 15);
    expect(w.biggestSwing).toBeGreaterThan(2000); // the samples swing by kilowatts
    const fit = fitPower(w.speeds, w.powers, null)!;
    expect(fit.kind).toBe("fitted");
    for (const kmh of [40, 60, 80]) {
      const v = kmh / 3.6;
      // Within 3.5 %: the form chosen may be the typical shape (its c/b
      // 0.0038 against the truth's 0.0044), which is as good held out.
      expect(Math.abs(powerAt(fit, v) - powerAt(TRUE, v)) / powerAt(TRUE, v)).toBeLessThan(0.035);
    }
    expect(fit.r2).toBeGreaterThan(0.7); // a minute of m·a·v does not quite cancel
    expect(fit.rmsW).toBeLessThan(250); // the minutes' kinetic energy left over, not the curve
    expect(fit.sigmaAt(60 / 3.6)).toBeLessThan(fit.rmsW);
  });

  it("never gives a negative coefficient, even when the noise asks for one", () => {
    // A car whose power barely rises with speed plus noise: an unconstrained fit tips c negative.
    const speeds = [10, 12, 14, 16, 18, 20, 22, 11, 13, 15, 17, 19, 21];
    const powers = speeds.map((v, i) => 400 + 20 * v - 0.01 * v ** 3 + (i % 2 ? 15 : -15));
    const fit = fitPower(speeds, powers, null)!;
    expect(fit.a).toBeGreaterThanOrEqual(0);
    expect(fit.b).toBeGreaterThanOrEqual(0);
    expect(fit.c).toBeGreaterThanOrEqual(0);
    // Power still rises with speed, so the speed solver stays monotonic.
    for (let v = 1; v < 30; v++)
      expect(powerAt(fit, v + 1)).toBeGreaterThanOrEqual(powerAt(fit, v));
  });

  it("keeps a typical car's shape, scaled to the data, when the speed barely varies", () => {
    const w = windows([62], 60, 3);
    const fit = fitPower(w.speeds, w.powers, 60)!;
    expect(fit.kind).toBe("scaled prior");
    expect(fit.a).toBe(60); // the measured standstill load
    expect(fit.c / fit.b).toBeCloseTo(PRIOR.c / PRIOR.b, 6);
    // At the speed driven, the level is the car's own.
    const v = 62 / 3.6;
    expect(Math.abs(powerAt(fit, v) - powerAt(TRUE, v)) / powerAt(TRUE, v)).toBeLessThan(0.02);
    // Away from it, the uncertainty grows.
    expect(fit.sigmaAt(90 / 3.6)).toBeGreaterThan(fit.sigmaAt(v));
  });

  it("has nothing to fit without windows", () => {
    expect(fitPower([], [], null)).toBeNull();
  });
});
