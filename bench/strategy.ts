// Race strategy benchmark (issue 35): the forecast of the end-of-day state of
// charge against what the simulated car reaches, over whole race days
// (bench/strategyDay.ts) in varied weather and driving, beside the naive
// forecast ("the last 30 minutes' net power continues") in the same runs, and
// a closed loop that drives the recommended speed from 11:00. Prints a table
// and the RESULT line; `--record` writes bench/RESULTS.md.
import { coresText } from "./benchMachine";
import { measurePps, perSecond, wireTexts } from "./ingestFeed";
import { RECORD, writeResultsSection } from "./resultsFile";
import { WEATHER_KINDS } from "../workers/telemetry/sources/demo/weather";
import { createRandom } from "../workers/telemetry/sources/demo/random";
import { BENCH_SETTINGS, type DayResult, type DayRun, type Weather } from "./strategyDay";
import { runDays, type DayJob } from "./strategyPool";

const OPEN_RUNS: DayRun[] = [
  {
    name: "clear, steady 62",
    date: "2026-06-16",
    seed: 11,
    weather: "clear",
    driving: { kind: "steady", kmh: 62 },
  },
  {
    name: "broken cloud, steady 58",
    date: "2026-07-08",
    seed: 12,
    weather: "broken",
    driving: { kind: "steady", kmh: 58 },
  },
  {
    name: "overcast afternoon, steady 55",
    date: "2026-07-21",
    seed: 13,
    weather: "overcast-afternoon",
    driving: { kind: "steady", kmh: 55 },
  },
  {
    name: "clear, stints 55/70",
    date: "2026-08-04",
    seed: 14,
    weather: "clear",
    driving: { kind: "stints", kmh: [55, 70], minutes: 15 },
  },
  {
    name: "broken cloud, stints 50/65",
    date: "2026-06-25",
    seed: 15,
    weather: "broken",
    driving: { kind: "stints", kmh: [50, 65], minutes: 15 },
  },
  {
    name: "overcast afternoon, stints 52/66",
    date: "2026-08-12",
    seed: 16,
    weather: "overcast-afternoon",
    driving: { kind: "stints", kmh: [52, 66], minutes: 15 },
  },
  // Six more days in the same weathers on other dates and seeds, added after
  // the forecaster was designed on the six above: days it has not been fitted to.
  {
    name: "clear, steady 66",
    date: "2026-06-09",
    seed: 31,
    weather: "clear",
    driving: { kind: "steady", kmh: 66 },
  },
  {
    name: "broken cloud, steady 62",
    date: "2026-07-01",
    seed: 32,
    weather: "broken",
    driving: { kind: "steady", kmh: 62 },
  },
  {
    name: "overcast afternoon, steady 58",
    date: "2026-07-28",
    seed: 33,
    weather: "overcast-afternoon",
    driving: { kind: "steady", kmh: 58 },
  },
  {
    name: "clear, stints 50/72",
    date: "2026-08-25",
    seed: 34,
    weather: "clear",
    driving: { kind: "stints", kmh: [50, 72], minutes: 20 },
  },
  {
    name: "broken cloud, stints 55/68",
    date: "2026-06-19",
    seed: 35,
    weather: "broken",
    driving: { kind: "stints", kmh: [55, 68], minutes: 10 },
  },
  {
    name: "overcast afternoon, stints 48/62",
    date: "2026-08-06",
    seed: 36,
    weather: "overcast-afternoon",
    driving: { kind: "stints", kmh: [48, 62], minutes: 15 },
  },
];
const CLOSED_RUNS: DayRun[] = [
  {
    name: "clear, closed loop",
    date: "2026-06-30",
    seed: 21,
    weather: "clear",
    driving: { kind: "closed loop", kmh: 62 },
  },
  {
    name: "broken cloud, closed loop",
    date: "2026-07-14",
    seed: 22,
    weather: "broken",
    driving: { kind: "closed loop", kmh: 62 },
  },
  {
    name: "overcast afternoon, closed loop",
    date: "2026-08-19",
    seed: 23,
    weather: "overcast-afternoon",
    driving: { kind: "closed loop", kmh: 58 },
  },
];

/**
 * Days drawn from a fixed seed: each weather in turn, a date in June–August,
 * a steady pace of 50–66 km/h or stints 6 below and 8 above it of 10–30
 * minutes. A dozen named days leave the figure to luck (one overcast that
 * comes late moves it by a point); these make it the forecaster's.
 */
function sampledDays(
  count: number,
  seed: number,
  simSeeds: number,
  weathers: readonly Weather[],
): DayRun[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const weather = weathers[i % weathers.length]!;
    const month = 6 + Math.floor(random() * 3);
    const day = 1 + Math.floor(random() * 28);
    const kmh = 50 + Math.round(random() * 16);
    const driving: DayRun["driving"] =
      random() < 0.5
        ? { kind: "steady", kmh }
        : { kind: "stints", kmh: [kmh - 6, kmh + 8], minutes: 10 + Math.round(random() * 20) };
    return {
      name: `sampled ${i + 1}`,
      date: `2026-0${month}-${String(day).padStart(2, "0")}`,
      seed: simSeeds + i,
      weather,
      driving,
    };
  });
}

/**
 * Sampled days over the three weathers: enough that the 4-hour MAE is the
 * forecaster's rather than the draw's (its standard error over 36 days was
 * 0.7 points, and other draws of 36 gave 3.7 to 5.4 for one forecaster).
 */
const SAMPLED_DAYS = 120;

// Days the forecaster was not designed on, to check a change is not fitted
// to the benchmark's: `--other-days <seed>` draws the sampled days from
// another seed, `--weather <kind>` gives them all one weather (the demo's
// "random" sky is one the benchmark does not otherwise run), `--days <n>`
// draws n of them. Never recorded.
const argOf = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const otherSeed = argOf("--other-days");
const onlyWeather = argOf("--weather");
const daysArg = argOf("--days");
if (daysArg !== undefined && !/^[1-9]\d*$/.test(daysArg))
  throw new Error("--days: expected a whole number of days, 1 or more");
if (onlyWeather !== undefined && !WEATHER_KINDS.includes(onlyWeather as Weather))
  throw new Error(`--weather: expected one of ${WEATHER_KINDS.join(", ")}`);
if (otherSeed !== undefined && !/^\d+$/.test(otherSeed))
  throw new Error("--other-days: expected a whole number (a seed)");
// --only <text>: just the runs whose name contains it (while tuning).
const only = argOf("--only") ?? "";
const exploring =
  otherSeed !== undefined || onlyWeather !== undefined || daysArg !== undefined || only !== "";
if (exploring && RECORD)
  throw new Error("--other-days, --weather, --days and --only runs are not recorded");
const SAMPLED_RUNS = sampledDays(
  daysArg !== undefined ? Number(daysArg) : SAMPLED_DAYS,
  otherSeed !== undefined ? Number(otherSeed) : 987_654,
  otherSeed !== undefined ? Number(otherSeed) % 100_000 : 1000,
  onlyWeather !== undefined ? [onlyWeather as Weather] : ["clear", "broken", "overcast-afternoon"],
);

const chosen = [...OPEN_RUNS, ...SAMPLED_RUNS, ...CLOSED_RUNS].filter((run) =>
  run.name.includes(only),
);

const parseRate = measurePps(wireTexts(), (text) => void JSON.parse(text), 1000);
const started = performance.now();
const say = (job: DayJob, seconds: number) =>
  console.error(`${job.run.name}${job.knownSun ? ", told the sun" : ""}: ${seconds.toFixed(1)} s`);
const results = await runDays(
  chosen.map((run) => ({ run })),
  say,
);
// The same open days again, the forecast told the rest of the day's sun
// through the weather factor (what the array gave over what was expected):
// what is left of the error when the weather is known, as a team with a good
// forecast of the afternoon would set the factor.
const toldJobs: DayJob[] = results
  .filter((result) => OPEN_RUNS.includes(result.run))
  .map((result) => ({
    run: result.run,
    knownSun: result.hours.flatMap((h): [number, number][] =>
      h.expectedSolarWh && h.actualSolarWh !== undefined
        ? [[h.hoursBefore, Math.min(2, h.actualSolarWh / h.expectedSolarWh)]]
        : [],
    ),
  }));
const toldSun = new Map<string, DayResult>(
  (await runDays(toldJobs, say)).map((result) => [result.run.name, result]),
);
const runSeconds = (performance.now() - started) / 1000;

const fixed = (x: number | null | undefined, digits = 1) =>
  x === null || x === undefined || !Number.isFinite(x) ? "–" : x.toFixed(digits);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const open = results.filter((r) => r.run.driving.kind !== "closed loop");
const named = open.filter((r) => OPEN_RUNS.includes(r.run));
const errorOf = (r: DayResult, hoursBefore: number, which: "forecastPct" | "naivePct") => {
  const v = r.hours.find((x) => x.hoursBefore === hoursBefore)?.[which];
  return v === null || v === undefined ? NaN : Math.abs(v - r.endSocPct);
};
const maeOf = (errors: number[]) => (errors.some(Number.isNaN) ? NaN : mean(errors));
const maeAt = (days: DayResult[], hoursBefore: number, which: "forecastPct" | "naivePct") =>
  maeOf(days.map((r) => errorOf(r, hoursBefore, which)));
const toldErrors = named.map((r) => {
  const v = toldSun.get(r.run.name)?.hours.find((x) => x.hoursBefore === 4)?.knownSunPct;
  return v === null || v === undefined ? NaN : Math.abs(v - r.endSocPct);
});
const toldMae4 = maeOf(toldErrors);
const mae4 = maeAt(open, 4, "forecastPct");
// How much the MAE itself would move with other days drawn: the standard
// error of a mean of the days' absolute errors.
const errors4 = open.map((r) => errorOf(r, 4, "forecastPct"));
const se4 = Math.sqrt(
  errors4.reduce((sum, e) => sum + (e - mae4) ** 2, 0) / (errors4.length - 1) / errors4.length,
);
const naive4 = maeAt(open, 4, "naivePct");
const mae1 = maeAt(open, 1, "forecastPct");
const byWeather = WEATHER_KINDS.filter((kind) => open.some((r) => r.run.weather === kind)).map(
  (weather) => {
    const days = open.filter((r) => r.run.weather === weather);
    return `| MAE 4 h before, ${weather === "broken" ? "broken-cloud" : weather.replace("-", " ")} days (${days.length}) | ${fixed(maeAt(days, 4, "forecastPct"))} points (naive ${fixed(maeAt(days, 4, "naivePct"))}) | | |`;
  },
);
const checks = open
  .flatMap((r) => r.hours.map((h) => ({ h, end: r.endSocPct })))
  .filter(({ h }) => h.lowPct !== undefined);
const inBand = checks.filter(({ h, end }) => end >= h.lowPct! && end <= h.highPct!).length;
const closed = results.filter((r) => r.run.driving.kind === "closed loop");
const closedErrors = closed.map((r) => r.endSocPct - BENCH_SETTINGS.targetSocPct);
const worstClosed = closedErrors.reduce((w, e) => (Math.abs(e) > Math.abs(w) ? e : w), 0);
const allMs = results.flatMap((r) => r.forecastMs).sort((a, b) => a - b);
const p95 = allMs[Math.floor(0.95 * (allMs.length - 1))] ?? NaN;

const perRun = [
  "| run | date | start % | end % | km | forecast − actual, points, at 7 6 5 4 3 2 1 h before the end | naive at 4 h | records |",
  "|---|---|---|---|---|---|---|---|",
  ...results
    .filter((r) => !SAMPLED_RUNS.includes(r.run))
    .map((r) => {
      const diffs = [7, 6, 5, 4, 3, 2, 1].map((h) => {
        const x = r.hours.find((c) => c.hoursBefore === h);
        return x?.forecastPct == null ? "–" : (x.forecastPct - r.endSocPct).toFixed(1);
      });
      const naive = r.hours.find((c) => c.hoursBefore === 4)?.naivePct;
      const extra =
        r.run.driving.kind === "closed loop"
          ? ` (commanded ${r.commanded.map((k) => k.toFixed(0)).join(", ")} km/h)`
          : "";
      return `| ${r.run.name}${extra} | ${r.run.date} | ${fixed(r.startSocPct)} | ${fixed(r.endSocPct)} | ${r.distanceKm.toFixed(0)} | ${diffs.join(" ")} | ${naive == null ? "–" : (naive - r.endSocPct).toFixed(1)} | ${r.records} |`;
    }),
].join("\n");
const holds = (ok: boolean) => (ok ? "holds" : "MISSED");
const summary = [
  "| measure | value | budget | |",
  "|---|---|---|---|",
  // The 4-hour MAE to two decimals: near the budget, "4.0" could be either side of it.
  `| MAE of the end-of-day forecast 4 h before (${open.length} runs: ${named.length} named, ${open.length - named.length} sampled) | ${fixed(mae4, 2)} points (± ${fixed(se4)} standard error over the days) | ≤ 4 and ≤ half the naive's | ${holds(mae4 <= 4 && mae4 <= naive4 / 2)} |`,
  `| naive forecast's MAE 4 h before | ${fixed(naive4)} points | | |`,
  ...byWeather,
  `| MAE 4 h before, the named days, as measured / the weather factor told the rest of the day's sun (${named.length} runs; told, per run ${toldErrors.map((e) => e.toFixed(1)).join(", ")}) | ${fixed(maeAt(named, 4, "forecastPct"))} / ${fixed(toldMae4)} points | | |`,
  `| the day's end inside the forecast's band, meant to hold it 19 times in 20 (hourly forecasts) | ${inBand} of ${checks.length} | | |`,
  `| MAE 1 h before | ${fixed(mae1)} points | ≤ 1.5 | ${holds(mae1 <= 1.5)} |`,
  `| closed loop: end − target (${closed.length} runs, worst) | ${closedErrors.map((e) => e.toFixed(1)).join(", ")} (worst ${worstClosed.toFixed(1)}) | within ±3 | ${holds(Math.abs(worstClosed) <= 3)} |`,
  `| one forecast, p95 of ${allMs.length} | ${p95.toFixed(2)} ms | ≤ 20 ms | ${holds(p95 <= 20)} |`,
  `| JSON.parse of the real packet (this machine's rate) | ${perSecond(parseRate)} | | |`,
  `| simulation | ${results.length} days 09:00–17:00 America/Chicago at ${2} Hz packet time, ${runSeconds.toFixed(0)} s | | |`,
  `| machine | ${coresText()}, Node ${process.version} | | |`,
].join("\n");
const notes = [
  "Forecast − actual: the forecast at the current average speed (scenario a) made 7 … 1 h before 17:00, against the state of charge the car reached. Closed-loop rows: before 11:00 the forecast assumed the morning's speed, which the loop then changed.",
  `Sampled days: ${SAMPLED_RUNS.length} more days drawn from a fixed seed (each weather in turn, a date in June–August, a steady pace or stints of 10–30 minutes) count in the MAEs and the band but are not listed. Overcast afternoon: a front between about 11:30 and 12:30 brings the overcast (on one day in five the afternoon opens with a broken-cloud spell first), so at 13:00 the sky shows it on most days; broken-cloud afternoons that clear or darken are what no telemetry shows.`,
  "Told the sun: each named open day is driven again, and at each check the forecast is also asked with the weather factor set to what the array gave from then on over what the forecast expected, as a team would set it from a perfect forecast of the weather; the factor goes back to 1 at once. The gap between the two MAEs is the weather nobody could see; what is left is the model's own error (consumption, speed, the sun's course).",
].join("\n\n");
const packText =
  BENCH_SETTINGS.capacity.kind === "Ah"
    ? `${BENCH_SETTINGS.capacity.ah} Ah`
    : `${BENCH_SETTINGS.capacity.wh} Wh`;
const heading = exploring
  ? `## Race strategy, ${SAMPLED_RUNS.length} sampled days ${otherSeed !== undefined ? `of seed ${otherSeed}` : "as recorded"}${onlyWeather !== undefined ? `, all ${onlyWeather} weather` : ""} (npm run bench:strategy)`
  : "## Race strategy (npm run bench:strategy)";
console.log(`${heading}\n\n${summary}\n\n${perRun}\n\n${notes}\n`);
const result = `RESULT strategy_runs=${results.length} mae_4h_pts=${fixed(mae4, 2)} naive_mae_4h_pts=${fixed(naive4)} mae_1h_pts=${fixed(mae1)} closed_loop_error_pts=${worstClosed.toFixed(1)} forecast_ms_p95=${p95.toFixed(2)}`;
await writeResultsSection(
  heading,
  [
    `Measured ${new Date().toISOString().slice(0, 10)}. Each run simulates one race day of the demo car with the weather and driving named; its packets go through TelemetryStore and the strategy stage; the forecast (at the current average speed) made each hour is held against the state of charge the car reaches at 17:00. The settings are the team's: the pack's ${packText} and its battery protection (the car stops at ${BENCH_SETTINGS.stopSocPct} % and drives again at ${BENCH_SETTINGS.resumeSocPct} %) as the demo car's data sheet would give them; the weather factor stays at 1: the forecaster is not told the weather.`,
    "",
    summary,
    "",
    perRun,
    "",
    notes,
  ],
  result,
);
console.log(result);
