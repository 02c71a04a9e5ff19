// Which stored packets an export writes: a time window of the history, every
// packet or resampled to N per second (the last packet of each bucket).
import type { ColumnRing } from "../history/ColumnRing";
import { lowerBound, upperBound } from "../history/downsample";

/** Logical indices (0 = oldest) of the rows to write, in order. */
export function selectRows(
  ring: ColumnRing,
  from: number | null,
  to: number | null,
  perSecond: number | null,
): Int32Array {
  const n = ring.length;
  const timeAt = (i: number): number => ring.time(i);
  const lo = from === null || !Number.isFinite(from) ? 0 : lowerBound(n, timeAt, from);
  const hi = to === null || !Number.isFinite(to) ? n : Math.max(lo, upperBound(n, timeAt, to));
  if (perSecond === null || !(perSecond > 0)) {
    const rows = new Int32Array(hi - lo);
    for (let i = 0; i < rows.length; i++) rows[i] = lo + i;
    return rows;
  }
  // A bucket is [k/N, (k+1)/N) seconds; its row is the last packet that fell in it.
  const out: number[] = [];
  for (let i = lo; i < hi; i++) {
    const bucket = Math.floor(ring.time(i) * perSecond);
    if (i + 1 === hi || Math.floor(ring.time(i + 1) * perSecond) !== bucket) out.push(i);
  }
  return Int32Array.from(out);
}
