// State timelines: which fields are states, the rows a timeline shows for
// them, and the runs of one state along a row. The page builds the rows and
// reads the runs under the pointer; the render worker paints the runs. Both
// read the same series answer, asked with `states` (a bucket keeps every bit
// and code it saw), so a state one packet long inside a bucket is still a run.
import type { FieldInfo } from "../../contract/fields";
import type { StateRow, StateTone } from "../../contract/renderProtocol";
import { bitWeight, type BitWeight } from "../motorFlags";

/** What the rows are built from: a field as the catalog describes it. */
export type StateField = Pick<FieldInfo, "path" | "type" | "group" | "label" | "bits" | "code">;

/** A state, not a quantity: a flag, a bit field, or a code (MBMS System State). */
export function isStateField(field: Pick<FieldInfo, "type" | "bits" | "code">): boolean {
  return field.type === "boolean" || field.bits !== undefined || field.code === true;
}

const WARNING_NAME = /Warning/;
const FAULT_NAME = /Fault|Error|Trip|Malfunction/;

/** A flag's tone: the battery's warnings and any "…Warning" amber, faults, errors and trips red. */
export function flagTone(field: Pick<FieldInfo, "path" | "group">): StateTone {
  const key = field.path.split(".").pop() ?? "";
  if (field.path.startsWith("BatteryFaults.Warnings") || WARNING_NAME.test(key)) return "warning";
  if (field.group === "BatteryFaults" || FAULT_NAME.test(key)) return "fault";
  return "plain";
}

const BIT_TONE: Record<BitWeight, StateTone> = {
  fault: "fault",
  news: "news",
  limit: "limit",
  unknown: "warning",
};

/**
 * The rows for a timeline's fields (column i + 1 is field i): a flag or a
 * code is one row; a bit field is a row per named bit, "Motor 0 Error:
 * desaturation fault". A number that is neither (a hand-edited layout) is
 * shown as codes: its values, by number.
 */
export function stateRows(fields: readonly StateField[]): StateRow[] {
  return fields.flatMap((field, i): StateRow[] => {
    const column = i + 1;
    if (field.bits)
      return field.bits.map((name, bit) => ({
        column,
        kind: "flag",
        bit,
        label: `${field.label}: ${name}`,
        tone: BIT_TONE[bitWeight(field.bits!, bit)],
      }));
    if (field.type === "boolean")
      return [{ column, kind: "flag", bit: null, label: field.label, tone: flagTone(field) }];
    return [{ column, kind: "code", bit: null, label: field.label, tone: "plain" }];
  });
}

/** A row's state for a sample: 1 or 0 for a flag, the code for a code; NaN in a gap or for an odd bit pattern. */
export function stateOf(row: StateRow, value: number): number {
  if (value !== value) return NaN;
  if (row.bit === null) return row.kind === "flag" ? (value !== 0 ? 1 : 0) : value;
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) return NaN;
  return Math.floor(value / 2 ** row.bit) % 2;
}

/** How a state reads: "set" or "clear" for a flag, "code 3" for a code (no code's meaning is documented). */
export function stateName(row: StateRow, state: number): string {
  if (row.kind === "flag") return state === 1 ? "set" : "clear";
  return `code ${state}`;
}

/**
 * Each run of one state along a row, in time order. A run lasts from the
 * sample that began it to the first sample of the next state (it held until
 * then); before a gap (NaN) or at the end, to its own last sample, as far as
 * it is known. A run of a single sample has `to === from`: painters give it
 * a pixel, so a state one packet long is never dropped.
 */
export function forEachRun(
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  row: StateRow,
  visit: (from: number, to: number, state: number) => void,
): void {
  let state = NaN;
  let from = 0;
  let last = 0;
  for (let i = 0; i < xs.length; i++) {
    const v = ys[i];
    const s = v == null ? NaN : stateOf(row, v);
    const x = xs[i]!;
    if (s === state) {
      last = x;
      continue;
    }
    if (state === state) visit(from, s === s ? x : last, state);
    state = s;
    from = x;
    last = x;
  }
  if (state === state) visit(from, last, state);
}

/** One run of a state: [from, to] in epoch seconds. */
export interface StateRun {
  from: number;
  to: number;
  state: number;
}

/**
 * The run of a row under a pointer at time `t`: the shown run (a set flag,
 * any code) nearest to `t` within `slop` seconds (a mark of one packet is a
 * pixel wide: the pointer needs some room), else the run that covers `t`;
 * null where the state is not known.
 */
export function runAt(
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  row: StateRow,
  t: number,
  slop = 0,
): StateRun | null {
  let covering: StateRun | null = null;
  let near: StateRun | null = null;
  let nearest = Infinity;
  forEachRun(xs, ys, row, (from, to, state) => {
    if (from <= t && t <= to) covering = { from, to, state };
    if (row.kind === "flag" && state !== 1) return;
    const distance = t < from ? from - t : t > to ? t - to : 0;
    if (distance <= slop && distance < nearest) {
      near = { from, to, state };
      nearest = distance;
    }
  });
  return near ?? covering;
}

/**
 * The labels of the rows whose state changes within the data (more than one
 * state among its runs): the rows a timeline keeps when the user hides those
 * that never change in the window. A row with no data does not change.
 */
export function changingRows(
  data: readonly ArrayLike<number>[],
  rows: readonly StateRow[],
): Set<string> {
  const changing = new Set<string>();
  const xs = data[0];
  if (!xs) return changing;
  for (const row of rows) {
    const ys = data[row.column];
    if (!ys) continue;
    let first = NaN;
    forEachRun(xs, ys, row, (_from, _to, state) => {
      if (first !== first) first = state;
      else if (state !== first) changing.add(row.label);
    });
  }
  return changing;
}
