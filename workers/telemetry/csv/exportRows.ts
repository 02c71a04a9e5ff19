// The rows an export writes, shared by the CSV and Parquet writers so both
// formats hold exactly the same rows and name their files alike. They are read
// from the history a piece at a time (a row group, a CSV chunk), each piece
// copied into a small ring of its own: a copy of the whole span first took a
// day's export 509 MB above the core's rest (issue 58).
//
// A live history keeps taking packets while the file is written, and a full
// one overwrites its oldest rows. So the rows chosen are kept by their number
// since the ring's last clear, and the ring tells the export (RingGuard) before
// it overwrites or clears any: rows not yet written are copied out then, a few
// thousand at a time. An export keeps up with any car's rate, so that copy is
// rare; memory beyond one piece grows only with what the history overwrote
// while the export waited (a stalled download), never by the span's size.
import type { CsvExportRequest } from "../../contract/csv";
import type { ColumnRing, RingGuard } from "../history/ColumnRing";
import { selectRows } from "./rowSelection";

/**
 * Rows copied out ahead when the history is about to overwrite one not yet
 * written: about 3 MB for every column, so a history overwriting row after row
 * costs one copy per 4,096 packets, not one per packet.
 */
const RESCUE_AHEAD = 4096;

/** Rows copied out of the history before it overwrote them, and how many were taken. */
interface Rescued {
  ring: ColumnRing;
  next: number;
}

export class ExportRows implements RingGuard {
  /** How many rows the export writes. */
  readonly count: number;
  /** Times of the first and last rows chosen (NaN: none), for the file's name. */
  readonly firstTime: number;
  readonly lastTime: number;
  /** Each chosen row's number in the history (ColumnRing.firstNumber), ascending. */
  private readonly numbers: Float64Array;
  /** Rows [0, taken) were handed out; [taken, copied) wait in `rescued`; the rest are in the history. */
  private taken = 0;
  private copied = 0;
  private rescued: Rescued[] = [];
  private release: (() => void) | null;

  constructor(
    private readonly history: ColumnRing,
    request: Pick<CsvExportRequest, "from" | "to" | "perSecond">,
  ) {
    const chosen = selectRows(history, request.from, request.to, request.perSecond);
    const first = history.firstNumber;
    this.numbers = Float64Array.from(chosen, (row) => first + row);
    this.count = chosen.length;
    this.firstTime = this.count > 0 ? history.time(chosen[0]!) : NaN;
    this.lastTime = this.count > 0 ? history.time(chosen[this.count - 1]!) : NaN;
    this.release = this.count > 0 ? history.guard(this) : null;
  }

  /** The history's physical slots of the chosen rows, now (checks made once, at the start). */
  slotsNow(): Int32Array {
    const first = this.history.firstNumber;
    return Int32Array.from(this.numbers, (number) => this.history.physical(number - first));
  }

  /** How many rows are still to be taken. */
  get left(): number {
    return this.count - this.taken;
  }

  /**
   * The next `n` rows (fewer at the end), in a ring of their own: logical i is
   * slot i. `reuse`, the ring the last piece came in, is emptied and filled
   * again when it has room: a new 13 MB ring per row group was garbage enough
   * to lift the export's peak by tens of MB before V8 collected it.
   */
  take(n: number, reuse: ColumnRing | null = null): ColumnRing {
    const end = Math.min(this.count, this.taken + Math.max(0, n));
    const size = Math.max(1, end - this.taken);
    const out = reuse && reuse.capacity >= size ? reuse : this.history.emptyLike(size);
    out.clear();
    while (this.taken < end && this.rescued.length > 0) {
      const front = this.rescued[0]!;
      const run = Math.min(end - this.taken, front.ring.length - front.next);
      out.appendRowsOf(front.ring, front.next, run);
      front.next += run;
      this.taken += run;
      if (front.next === front.ring.length) this.rescued.shift();
    }
    if (this.taken < end) {
      this.copyOut(out, this.taken, end);
      this.taken = this.copied = end;
    }
    if (this.taken >= this.count) this.close();
    return out;
  }

  /** Done or given up: the history stops telling, and what was copied out is let go. */
  close(): void {
    this.release?.();
    this.release = null;
    this.rescued = [];
  }

  overwriting(number: number): void {
    if (this.copied >= this.count || this.numbers[this.copied]! > number) return;
    let end = this.copied;
    while (end < this.count && this.numbers[end]! <= number + RESCUE_AHEAD) end++;
    this.rescue(end);
  }

  clearing(): void {
    this.rescue(this.count);
  }

  /** Copies chosen rows [copied, end) out of the history before it loses them. */
  private rescue(end: number): void {
    if (end <= this.copied) return;
    const ring = this.history.emptyLike(end - this.copied);
    this.copyOut(ring, this.copied, end);
    this.rescued.push({ ring, next: 0 });
    this.copied = end;
  }

  /** Appends chosen rows [from, to) from the history to `into`, each run of neighbours at once. */
  private copyOut(into: ColumnRing, from: number, to: number): void {
    const first = this.history.firstNumber;
    if (this.numbers[from]! < first)
      throw new Error("the history overwrote rows of the export before they were copied");
    for (let i = from; i < to;) {
      let j = i + 1;
      while (j < to && this.numbers[j] === this.numbers[j - 1]! + 1) j++;
      into.appendRowsOf(this.history, this.numbers[i]! - first, j - i);
      i = j;
    }
  }
}

function stamp(epochSeconds: number): string {
  if (!Number.isFinite(epochSeconds)) return "empty";
  return new Date(epochSeconds * 1000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** `helios-demo-<first>-<last>.<extension>`, from the first and last rows' times. */
export function exportFileName(source: string, rows: ExportRows, extension: string): string {
  return `helios-${source.toLowerCase()}-${stamp(rows.firstTime)}-${stamp(rows.lastTime)}.${extension}`;
}
