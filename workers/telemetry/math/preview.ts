// What the editor shows of a channel being typed: its value at the shown
// history's newest row, its last minute as a small line, and why rows of
// that minute are gaps. Computed on a scratch row from the recent rows (at
// most PREVIEW_ROWS), never written into the history.
import type { ChannelCheck } from "../../contract/math";
import type { ColumnRing } from "../history/ColumnRing";
import { NUMERIC_FIELDS } from "../schema/fields";
import type { ChannelProgram } from "./compileChannels";

/** About an hour at the car's rate: enough for avg/lag windows, cheap enough to run per keystroke. */
const PREVIEW_ROWS = 36_000;
const RECENT_S = 60;
const TIME = NUMERIC_FIELDS.indexOf("TimeStamp");

type Preview = Pick<ChannelCheck, "value" | "recent" | "gaps">;

export const NO_PREVIEW: Preview = {
  value: null,
  recent: { times: [], values: [] },
  gaps: { count: 0, rows: 0, reasons: [] },
};

/**
 * Runs a traced `program` over the newest rows of `ring` and reads channel
 * `k` (whose output column is `out`).
 */
export function previewChannel(
  program: ChannelProgram,
  k: number,
  out: number,
  ring: ColumnRing,
): Preview {
  const n = ring.length;
  if (n === 0) return NO_PREVIEW;
  const first = Math.max(0, n - PREVIEW_ROWS);
  const newest = ring.time(n - 1);
  let recentFrom = n;
  while (recentFrom > first && ring.time(recentFrom - 1) >= newest - RECENT_S) recentFrom--;
  const state = program.createState();
  const row = new Float64Array(ring.names.storedNumericFields.length).fill(NaN);
  const bits = new Uint32Array(ring.boolWords);
  const times: number[] = [];
  const values: (number | null)[] = [];
  let before = new Map<string, number>();
  let gapCount = 0;
  for (let logical = first; logical < n; logical++) {
    if (logical === recentFrom) before = new Map(program.gapReasons(state)[k]);
    const slot = ring.physical(logical);
    for (const field of program.inputs) row[field] = ring.numberAtSlot(slot, field);
    for (let w = 0; w < bits.length; w++) bits[w] = ring.boolWordAtSlot(slot, w);
    program.step(state, row, bits);
    if (logical < recentFrom) continue;
    const v = row[out]!;
    times.push(row[TIME]!);
    values.push(Number.isFinite(v) ? v : null);
    if (!Number.isFinite(v)) gapCount++;
  }
  const after = program.gapReasons(state)[k] ?? new Map<string, number>();
  const reasons = [...after]
    .map(([reason, count]) => [reason, count - (before.get(reason) ?? 0)] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason]) => reason);
  const last = values.at(-1) ?? null;
  return {
    value: last,
    recent: { times, values },
    gaps: { count: gapCount, rows: values.length, reasons },
  };
}
