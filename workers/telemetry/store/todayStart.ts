// Where "Today" begins in a history ring: midnight of the newest row's day
// (in the zone the asking window shows times in), or the first row after a
// gap of more than 4 hours between consecutive rows, whichever is later. Kept per ring and brought up to date from the
// rows added since the last ask only, so a live plot's refresh (30 times a
// second) does not walk a day of history.
import type { ColumnRing } from "../history/ColumnRing";
import { instantOf, wallClockAt, type ShownZone } from "../../shared/dateTime";

/** A pause longer than this (seconds) between two packets starts a new day. */
export const DAY_GAP_SECONDS = 4 * 3600;

interface Scanned {
  generation: number;
  /** ring.appended when last scanned. */
  appended: number;
  /** Time of the newest row that came after a gap; -Infinity when none is known. */
  afterGap: number;
}

const scannedByRing = new WeakMap<ColumnRing, Scanned>();

/** Midnight in `zone` (epoch seconds) of the day that `time` (epoch seconds) falls in there. */
function midnight(time: number, zone: ShownZone): number {
  const c = wallClockAt(time, zone);
  return c ? instantOf({ ...c, hour: 0, minute: 0, second: 0 }, zone) : time;
}

/** The day's start for `ring` (epoch seconds) in `zone` (null: this thread's); null when it holds no rows. */
export function todayStart(ring: ColumnRing, zone: ShownZone = null): number | null {
  const n = ring.length;
  if (n === 0) return null;
  let scanned = scannedByRing.get(ring);
  if (!scanned || scanned.generation !== ring.generation || scanned.appended > ring.appended) {
    scanned = { generation: ring.generation, appended: 0, afterGap: -Infinity };
    scannedByRing.set(ring, scanned);
  }
  const added = ring.appended - scanned.appended;
  // Rows added since the last scan are the newest `added`; the row before them
  // (if still held) is where the first gap can open.
  const first = Math.max(1, n - added);
  // The very first row since the ring was cleared follows no packet at all:
  // the day begins with it (a row merely overwritten is no such start).
  if (added >= n && ring.appended === n) scanned.afterGap = ring.time(0);
  let previous = ring.time(first - 1);
  for (let i = first; i < n; i++) {
    const time = ring.time(i);
    if (time - previous > DAY_GAP_SECONDS) scanned.afterGap = time;
    previous = time;
  }
  scanned.appended = ring.appended;
  return Math.max(midnight(ring.time(n - 1), zone), scanned.afterGap);
}
