// The race strategy's ingest stage: it keeps one history's minute windows
// (minuteWindows.ts) and, for the live history, records the forecast in
// brief once per minute of packet time (a StrategyRecord, stage event kind
// "strategy"). forecastNow (forecast.ts) makes the whole forecast from this
// state on demand. The desk (strategyDesk.ts) calls configureStrategy on the
// live history at once when the settings or the race info change, and on any
// history each time its forecast is asked.
import type {
  RacePlan,
  RacePlanRecord,
  StrategyAnswer,
  StrategyRecord,
} from "../../contract/strategy";
import { hasFix } from "../../shared/gpsFix";
import { StoredInputs } from "../history/precision";
import type { Stage } from "../pipeline/Stage";
import { NUMERIC_FIELDS } from "../schema/fields";
import { arrayPowerW } from "../schema/mpptArray";
import { makeForecast } from "./forecast";
import {
  addSample,
  clearWindows,
  createCursor,
  createWindows,
  resetCursor,
  type Sample,
} from "./minuteWindows";
import { F, STRATEGY_INPUTS } from "./strategyFields";
import type { StrategyContext, StrategyState } from "./strategyState";

export type { StrategyContext, StrategyState } from "./strategyState";

/** Sets the settings and race info on one history's state (the core calls it on every history). */
export function configureStrategy(state: StrategyState, context: StrategyContext): void {
  state.context = context;
}

/** The forecast from this history's state now, with scenario (b) at sliderKmh; its texts' times in `textZone`. */
export function forecastNow(
  state: StrategyState,
  sliderKmh: number | null,
  textZone?: string,
): StrategyAnswer {
  return makeForecast(state, sliderKmh, textZone);
}

/** The plan as recorded: what a replay shows again (its curve is left out: it is made again). */
const planRecordOf = (p: RacePlan): RacePlanRecord => ({
  daysFrom: p.daysFrom,
  days: p.days,
  endSocPct: p.endSocPct,
  floorPct: p.floorPct,
  problem: p.problem,
  change: p.change,
});

/** The forecast in brief, as recorded with the session; null when there is none. */
function recordNow(state: StrategyState): StrategyRecord | null {
  const answer = makeForecast(state, null);
  if (!answer.ok) return null;
  const f = answer.forecast;
  const rec = f.recommended.ok ? f.recommended : null;
  return {
    at: f.at,
    socNowPct: f.socNowPct,
    endSocPct: f.current.endSocPct,
    currentSpeedKmh: f.current.speedKmh,
    recommendedKmh: rec ? rec.speedKmh : null,
    distanceLeftKm: rec ? rec.distanceKm : f.current.distanceKm,
    endAt: f.endAt,
    emptyAt: f.current.emptyAt,
    stopSocPct: f.stopSocPct,
    timeZone: f.timeZone,
    ...(f.plan ? { plan: planRecordOf(f.plan) } : {}),
    simulated: f.simulated,
  };
}

const emptySample = (): Sample => ({
  time: NaN,
  soc: NaN,
  packV: NaN,
  packI: NaN,
  speed: NaN,
  arrayW: NaN,
  lat: NaN,
  long: NaN,
});

function resetState(state: StrategyState): void {
  clearWindows(state.windows);
  resetCursor(state.cursor);
  Object.assign(state.latest, emptySample());
  Object.assign(state.raw, emptySample());
  state.plan = null;
  state.lastDrive = null;
}

export const strategyStage: Stage<StrategyState> = {
  name: "strategy",
  columns: [],
  inputs: STRATEGY_INPUTS,
  createState: () => ({
    context: null,
    windows: createWindows(),
    cursor: createCursor(),
    latest: emptySample(),
    raw: emptySample(),
    inputs: new StoredInputs(
      STRATEGY_INPUTS.map((path) => NUMERIC_FIELDS.indexOf(path)),
      (field) => NUMERIC_FIELDS[field]!,
    ),
  }),
  // The settings stay: they are the history's, not its packets'.
  reset: resetState,
  step(state, shared, _bits, _out, emit) {
    const s = state.latest;
    const raw = state.raw;
    const row = state.inputs.read(shared);
    const time = row[F.time]!;
    if (!Number.isFinite(time)) return;
    const soc = row[F.soc]!;
    const lat = row[F.lat]!;
    const long = row[F.long]!;
    s.time = time;
    s.packV = row[F.packV]!;
    s.packI = row[F.packI]!;
    s.speed = row[F.speed]!;
    s.arrayW = arrayPowerW(row, F.array);
    // State of charge and position: the newest known, a packet without them keeps the last.
    s.soc = Number.isFinite(soc) ? soc : s.soc;
    if (hasFix(lat, long)) {
      s.lat = lat;
      s.long = long;
    }
    raw.time = time;
    raw.packV = s.packV;
    raw.packI = s.packI;
    raw.speed = s.speed;
    raw.arrayW = s.arrayW;
    raw.soc = soc;
    raw.lat = lat;
    raw.long = long;
    const opened = addSample(state.windows, state.cursor, raw);
    if (opened && state.context?.emitRecords && state.windows.count > 1) {
      const record = recordNow(state);
      if (record) emit({ kind: "strategy", time, payload: record });
    }
  },
};
