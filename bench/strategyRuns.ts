// The race days bench:strategy simulates (docs/strategy-bench.md): named days
// in each weather kind and car, days that run the pack down to its battery
// protection, closed loops that drive the recommended speed, and days drawn
// from a seed. Chosen on the simulator's physics alone (a run-down day was
// checked to run down with no forecaster running), never on a score.
import type { CarKind } from "../workers/telemetry/sources/demo/cars";
import { createRandom } from "../workers/telemetry/sources/demo/random";
import type { DayRun, Driving, Weather } from "./strategyDay";

const day = (
  name: string,
  date: string,
  seed: number,
  weather: Weather,
  driving: Driving,
  car: CarKind = "light",
): DayRun => ({ name, date, seed, weather, driving, car });
const steady = (kmh: number): Driving => ({ kind: "steady", kmh });
const stints = (slow: number, fast: number, minutes = 15): Driving => ({
  kind: "stints",
  kmh: [slow, fast],
  minutes,
});

/** The light car's first twelve days, on which the first forecaster was designed (issue 35). */
const FIRST_DAYS: DayRun[] = [
  day("clear, steady 62", "2026-06-16", 11, "clear", steady(62)),
  day("broken cloud, steady 58", "2026-07-08", 12, "broken", steady(58)),
  day("overcast afternoon, steady 55", "2026-07-21", 13, "overcast-afternoon", steady(55)),
  day("clear, stints 55/70", "2026-08-04", 14, "clear", stints(55, 70)),
  day("broken cloud, stints 50/65", "2026-06-25", 15, "broken", stints(50, 65)),
  day("overcast afternoon, stints 52/66", "2026-08-12", 16, "overcast-afternoon", stints(52, 66)),
  // Six more in the same weathers, added after the forecaster was designed on the six above.
  day("clear, steady 66", "2026-06-09", 31, "clear", steady(66)),
  day("broken cloud, steady 62", "2026-07-01", 32, "broken", steady(62)),
  day("overcast afternoon, steady 58", "2026-07-28", 33, "overcast-afternoon", steady(58)),
  day("clear, stints 50/72", "2026-08-25", 34, "clear", stints(50, 72, 20)),
  day("broken cloud, stints 55/68", "2026-06-19", 35, "broken", stints(55, 68, 10)),
  day("overcast afternoon, stints 48/62", "2026-08-06", 36, "overcast-afternoon", stints(48, 62)),
];

/** Issue 56: the afternoon kinds and the random sky for the light car, and every kind for the linear car. */
const NEW_KIND_DAYS: DayRun[] = [
  day("afternoon front, steady 62", "2026-07-09", 41, "afternoon-front", steady(62)),
  day("afternoon front, stints 52/66", "2026-08-18", 42, "afternoon-front", stints(52, 66)),
  day("afternoon clearing, steady 60", "2026-06-23", 43, "afternoon-clearing", steady(60)),
  day("afternoon clearing, stints 50/64", "2026-08-08", 44, "afternoon-clearing", stints(50, 64)),
  day("random sky, steady 60", "2026-07-17", 45, "random", steady(60)),
  day("random sky, stints 55/68", "2026-06-14", 46, "random", stints(55, 68, 10)),
  day("linear car: clear, steady 40", "2026-06-12", 61, "clear", steady(40), "linear"),
  day("linear car: broken cloud, steady 42", "2026-07-03", 62, "broken", steady(42), "linear"),
  day(
    "linear car: overcast afternoon, stints 36/48",
    "2026-07-24",
    63,
    "overcast-afternoon",
    stints(36, 48),
    "linear",
  ),
  day(
    "linear car: afternoon front, steady 40",
    "2026-08-10",
    64,
    "afternoon-front",
    steady(40),
    "linear",
  ),
  day(
    "linear car: afternoon clearing, stints 36/48",
    "2026-06-28",
    65,
    "afternoon-clearing",
    stints(36, 48),
    "linear",
  ),
  day("linear car: random sky, steady 42", "2026-08-21", 66, "random", steady(42), "linear"),
];

/**
 * Days that run the pack down to its protection minimum: fast driving under
 * a front or a dim afternoon (each ran down, between 14:56 and 16:37, with
 * the simulator alone).
 */
const RUN_DOWN_DAYS: DayRun[] = [
  day("runs down: afternoon front, steady 72", "2026-07-15", 51, "afternoon-front", steady(72)),
  day(
    "runs down: overcast afternoon, steady 70",
    "2026-08-02",
    52,
    "overcast-afternoon",
    steady(70),
  ),
  day("runs down: random sky, steady 74", "2026-06-27", 53, "random", steady(74)),
  day(
    "linear car runs down: afternoon front, steady 50",
    "2026-07-15",
    54,
    "afternoon-front",
    steady(50),
    "linear",
  ),
  day("linear car runs down: clear, steady 54", "2026-06-20", 55, "clear", steady(54), "linear"),
  day(
    "linear car runs down: overcast afternoon, steady 46",
    "2026-08-02",
    56,
    "overcast-afternoon",
    steady(46),
    "linear",
  ),
  day(
    "linear car runs down: random sky, steady 48",
    "2026-07-22",
    57,
    "random",
    steady(48),
    "linear",
  ),
];

export const NAMED_RUNS: readonly DayRun[] = [...FIRST_DAYS, ...NEW_KIND_DAYS, ...RUN_DOWN_DAYS];

const closedLoop = (kmh: number): Driving => ({ kind: "closed loop", kmh });
export const CLOSED_RUNS: readonly DayRun[] = [
  day("clear, closed loop", "2026-06-30", 21, "clear", closedLoop(62)),
  day("broken cloud, closed loop", "2026-07-14", 22, "broken", closedLoop(62)),
  day("overcast afternoon, closed loop", "2026-08-19", 23, "overcast-afternoon", closedLoop(58)),
  day("linear car: clear, closed loop", "2026-07-07", 24, "clear", closedLoop(44), "linear"),
  day(
    "linear car: afternoon front, closed loop",
    "2026-08-13",
    25,
    "afternoon-front",
    closedLoop(42),
    "linear",
  ),
];

/**
 * A car's usual paces, km/h: the light car's race pace, and the linear
 * car's (a real car of its kind drove 20–60 km/h).
 */
const PACE_KMH: Record<CarKind, [number, number]> = { light: [50, 66], linear: [34, 50] };

/**
 * Days drawn from a seed: each weather in turn, the cars in turn after each
 * round of weathers (so every weather meets both), a date in June–August, a
 * steady pace in the car's range or stints 6 below and 8 above it of 10–30
 * minutes.
 */
export function sampledDays(
  count: number,
  seed: number,
  simSeeds: number,
  weathers: readonly Weather[],
  cars: readonly CarKind[],
): DayRun[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const weather = weathers[i % weathers.length]!;
    const car = cars[Math.floor(i / weathers.length) % cars.length]!;
    const month = 6 + Math.floor(random() * 3);
    const date = 1 + Math.floor(random() * 28);
    const [low, high] = PACE_KMH[car];
    const kmh = low + Math.round(random() * (high - low));
    const driving =
      random() < 0.5 ? steady(kmh) : stints(kmh - 6, kmh + 8, 10 + Math.round(random() * 20));
    return day(
      `sampled ${i + 1}`,
      `2026-0${month}-${String(date).padStart(2, "0")}`,
      simSeeds + i,
      weather,
      driving,
      car,
    );
  });
}
