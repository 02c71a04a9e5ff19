// The energy stage: running totals of pack energy out, array energy in and
// GPS track distance on every row, so that a lap's or a sector's energy and
// distance is the difference of two rows found by binary search on time
// (lapEnergy.ts), never a pass over the history. Its columns live after the
// math slots among the ring's lazy columns, which recorded chunks do not
// carry: a restore, replay or import computes them again from the packets,
// so sessions recorded before this stage read as they did.
import type { FieldInfo } from "../../../contract/fields";
import type { Stage } from "../../pipeline/Stage";
import { trapezoidH } from "../../history/integrate";
import { StoredInputs } from "../../history/precision";
import { ENERGY_COLUMN_TEXT } from "../../schema/fieldLabels";
import { NUMERIC_FIELDS } from "../../schema/fields";
import { arrayPowerW, MPPT_ARRAY_FIELDS } from "../../schema/mpptArray";
import { TrackDistance } from "../../geo/geo";

export const PACK_OUT_TOTAL = "Energy.PackOutTotal";
export const ARRAY_IN_TOTAL = "Energy.ArrayInTotal";
export const TRACK_DISTANCE_TOTAL = "Energy.TrackDistanceTotal";

/** The stage's columns, in storage order, with the labels users read. */
export const ENERGY_COLUMNS: readonly FieldInfo[] = [
  PACK_OUT_TOTAL,
  ARRAY_IN_TOTAL,
  TRACK_DISTANCE_TOTAL,
].map((path) => {
  const text = ENERGY_COLUMN_TEXT.get(path)!;
  return { path, type: "number", group: "Energy", ...text };
});

const INPUTS = [
  "TimeStamp",
  "Battery.PackVoltage",
  "Battery.PackCurrent",
  "Telemetry.GpsLatitude",
  "Telemetry.GpsLongitude",
  ...MPPT_ARRAY_FIELDS,
];
const at = (path: string): number => {
  const i = NUMERIC_FIELDS.indexOf(path);
  if (i < 0) throw new Error(`energy stage: ${path} is not a packet field`);
  return i;
};
const TIME = at("TimeStamp");
const PACK_V = at("Battery.PackVoltage");
const PACK_I = at("Battery.PackCurrent");
const LAT = at("Telemetry.GpsLatitude");
const LONG = at("Telemetry.GpsLongitude");
const MPPT = Int32Array.from(MPPT_ARRAY_FIELDS, at);

export interface EnergyState {
  prevTime: number;
  /** Power at the previous row, W; NaN: none (a gap). */
  prevPackW: number;
  prevArrayW: number;
  packWh: number;
  arrayWh: number;
  track: TrackDistance;
  /**
   * The inputs as stored. Live, the row carries the packet's own digits; a
   * restore or replay reads the stored, rounded ones. Rounding makes both
   * give the same totals.
   */
  inputs: StoredInputs;
}

const finite = (v: number): boolean => v - v === 0;

export const energyStage: Stage<EnergyState> = {
  name: "lap energy",
  columns: ENERGY_COLUMNS,
  names: "own",
  inputs: INPUTS,
  createState: () => ({
    prevTime: NaN,
    prevPackW: NaN,
    prevArrayW: NaN,
    packWh: 0,
    arrayWh: 0,
    track: new TrackDistance(),
    inputs: new StoredInputs(Array.from(INPUTS, at), (field) => NUMERIC_FIELDS[field]!),
  }),
  reset(state) {
    state.prevTime = state.prevPackW = state.prevArrayW = NaN;
    state.packWh = state.arrayWh = 0;
    state.track.reset();
  },
  step(state, row, _bits, out) {
    const input = state.inputs.read(row);
    const t = input[TIME]!;
    const dt = t - state.prevTime;
    let packW = input[PACK_V]! * input[PACK_I]!;
    if (!finite(packW)) packW = NaN;
    const arrayW = arrayPowerW(input, MPPT);
    state.packWh += trapezoidH(state.prevPackW, packW, dt);
    state.arrayWh += trapezoidH(state.prevArrayW, arrayW, dt);
    state.track.add(input[LAT]!, input[LONG]!);
    state.prevTime = t;
    state.prevPackW = packW;
    state.prevArrayW = arrayW;
    // A total the source gave (a CSV export of these columns imported again)
    // is kept, and the sums go on from it, so a re-export is identical.
    if (finite(row[out]!)) state.packWh = row[out]!;
    else row[out] = state.packWh;
    if (finite(row[out + 1]!)) state.arrayWh = row[out + 1]!;
    else row[out + 1] = state.arrayWh;
    if (finite(row[out + 2]!)) state.track.distanceKm = row[out + 2]! / 1000;
    else row[out + 2] = state.track.distanceKm * 1000;
  },
};
