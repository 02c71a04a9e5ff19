// A race afternoon for the scenario and speed-solver tests: 13:00 CDT on
// 2026-06-16 with four hours left, a sun of a set power all afternoon, and a
// car whose power is fitted from P(v) = 60 + 18·v + 0.08·v³ (730 W at
// 60 km/h), with 50 Wh a point of charge and no battery protection unless
// a test sets one.
import type { Horizon } from "../../workers/telemetry/strategy/horizon";
import { fitPower } from "../../workers/telemetry/strategy/powerFit";
import type { ScenarioInputs } from "../../workers/telemetry/strategy/scenario";
import type { SolarFit } from "../../workers/telemetry/strategy/solarFit";

export const NOW = Date.UTC(2026, 5, 16, 18) / 1000;
export const ZONE = "America/Chicago";

/** The afternoon to 17:00, with these planned stops. */
export const afternoon = (stops: Horizon["stops"] = []): Horizon => ({
  now: NOW,
  startAt: NOW - 4 * 3600,
  endAt: NOW + 4 * 3600,
  endSource: "test",
  stops,
  morningCharge: null,
  drivingLeftS: 4 * 3600,
});

/** A sun giving `w` watts all afternoon. */
export const sun = (w: number): SolarFit => ({
  ratioNow: 1,
  ratioDay: 1,
  scale: 1,
  clearSkyFactor: 1,
  skyAheadFactor: 1,
  scaleFrom: "day",
  daySeen: 0.5,
  clearNoonW: 1000,
  changed: null,
  weatherFactor: 1,
  spread: 0.1,
  minutesUsed: 100,
  tau: 0.057,
  unknownSky: 0.3,
  clearSkyAt: () => 1000,
  expectedAt: () => w,
  sigmaAt: () => 0.05 * w,
});

const speeds = [12, 14, 16, 18, 20, 22, 13, 15, 17, 19, 21];
const fit = fitPower(
  speeds,
  speeds.map((v) => 60 + 18 * v + 0.08 * v ** 3),
  60,
)!;

/** The car at `socNowPct`, 5 kWh of pack (50 Wh a point). */
export const carAt = (socNowPct: number, patch: Partial<ScenarioInputs> = {}): ScenarioInputs => ({
  socNowPct,
  whPerPct: 50,
  fit,
  standstillW: 60,
  stopPct: 0,
  resumePct: 0,
  protectedNow: false,
  ...patch,
});
