// Where the recording is cut and where it has holes: a ring's rows as
// chunks of bounded time span (a chunk per flush, or per IMPORT_CHUNK_ROWS
// of an import), and the words for a hole a restart left in a session.
import type { SessionInfo } from "../../contract/sessions";
import type { ColumnRing } from "../history/ColumnRing";
import { formatLocalTime, formatTimeNamed } from "../../shared/dateTime";

/**
 * A session going on after a restart says the time it did not record when
 * more than this many of its own packet spacings are missing: a car sending
 * once a second loses nothing in a 1.5 s restart, the demo car at 100 pkt/s
 * loses 150 packets. A fixed second said nothing of a quick restart at high
 * rates, and the user would not know that packets were lost.
 */
const GAP_SAID_SPACINGS = 3;
/** ...and never for less than this, s (timer jitter, not a restart's hole). */
const GAP_SAID_MIN_S = 0.1;

/**
 * Rows [from, to) of a ring as runs [start, count], each spanning at most
 * `maxSpan` seconds of packet time (packets out of order included) and
 * holding at most `maxRows` rows.
 */
export function timeRuns(
  ring: ColumnRing,
  from: number,
  to: number,
  maxSpan: number,
  maxRows: number,
): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = from;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < to; i++) {
    const t = ring.time(i);
    const wider = Math.max(hi, t) - Math.min(lo, t) > maxSpan;
    if (i > start && (wider || i - start >= maxRows)) {
      runs.push([start, i - start]);
      start = i;
      lo = hi = t;
    } else {
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
  }
  if (to > start) runs.push([start, to - start]);
  return runs;
}

/**
 * A hole in the recording in words, on the core's own clock, its zone named
 * once: "for 3.0 s, from 10:00:01 to 10:00:04 UTC", or "for 0.4 s at
 * 10:00:01 UTC" when both ends read the same second.
 */
export function gapWords(from: number, to: number): string {
  const length = `for ${(to - from).toFixed(1)} s`;
  const end = formatTimeNamed(to, true, null);
  const start = formatLocalTime(from, null, true);
  return end.startsWith(`${start} `) || end === start
    ? `${length} at ${end}`
    : `${length}, from ${start} to ${end}`;
}

/** The shortest hole after a restart that is said, s: see GAP_SAID_SPACINGS. */
export function gapSaidAbove(session: SessionInfo): number {
  const span = session.lastPacketTime - session.firstPacketTime;
  const spacing = session.packets > 1 && span > 0 ? span / (session.packets - 1) : 1;
  return Math.max(GAP_SAID_MIN_S, GAP_SAID_SPACINGS * spacing);
}
