// The 1-second summary saved beside a session's chunks: the first row of
// each second of packet time, one record a minute in the chunk codec. A
// reload reads it first (about a tenth of the rows, one read) and shows it
// while the full rows follow in slices, so a whole day has a first picture
// within a few seconds (docs/architecture.md "Restore after a reload").
// A record is written when its minute completes, when the session changes,
// and when recording stops; a crash loses at most the newest minute of the
// summary, which the full restore covers anyway.
import type { ChunkRecord } from "../../contract/storageProtocol";
import type { ColumnRing } from "../history/ColumnRing";
import { encodeChunk } from "../../shared/storage/chunkCodec";
import { TelemetryStore } from "../store/TelemetryStore";

/** Rows a record holds at most (60 in order; packets out of order may add a few). */
const RECORD_ROWS_MAX = 240;

export class SummaryBuilder {
  /**
   * The rows of the minute being gathered, laid out as the rows added (the
   * live history's; no stages: rows are copied as stored). Made at the first add.
   */
  private buffer: TelemetryStore | null = null;
  private sessionId: string | null = null;
  private minute = NaN;
  private lastSecond = NaN;

  /**
   * Takes the first row of each new second of `ring`'s rows [from, to) for
   * `sessionId`; returns the records completed meanwhile (a minute ended, the
   * session changed), oldest first.
   */
  add(
    ring: ColumnRing,
    from: number,
    to: number,
    sessionId: string,
    layout: string,
    allocate?: (bytes: number) => ArrayBuffer,
  ): ChunkRecord[] {
    const done: ChunkRecord[] = [];
    if (sessionId !== this.sessionId) {
      const record = this.take(layout, allocate);
      if (record) done.push(record);
      this.sessionId = sessionId;
      this.lastSecond = NaN;
    }
    const buffer = (this.buffer ??= new TelemetryStore({
      capacity: RECORD_ROWS_MAX,
      layout: ring.names,
      stages: [],
    }));
    // Rows taken one after another are copied as one run, column by column:
    // when packet time runs faster than the clock (a demo day built at full
    // speed, an import), nearly every row starts a second of its own.
    let runStart = 0;
    let runLength = 0;
    const copyRun = () => {
      if (runLength > 0) buffer.ring.appendRowsOf(ring, runStart, runLength);
      runLength = 0;
    };
    for (let i = Math.max(0, from); i < Math.min(to, ring.length); i++) {
      const t = ring.time(i);
      if (!Number.isFinite(t)) continue;
      const second = Math.floor(t);
      if (second === this.lastSecond) continue;
      this.lastSecond = second;
      const minute = Math.floor(t / 60);
      if (
        buffer.ring.length + runLength > 0 &&
        (minute !== this.minute || buffer.ring.length + runLength >= RECORD_ROWS_MAX)
      ) {
        copyRun();
        const record = this.take(layout, allocate);
        if (record) done.push(record);
        this.sessionId = sessionId;
      }
      this.minute = minute;
      if (runLength > 0 && runStart + runLength === i) runLength++;
      else {
        copyRun();
        runStart = i;
        runLength = 1;
      }
    }
    copyRun();
    return done;
  }

  /**
   * The minute gathered so far as a record (recording stops, the session
   * changes), or null; its rows packed into a buffer from `allocate` (the
   * recorder's pool: a fresh buffer is what a record cost most in Chromium).
   */
  take(layout: string, allocate?: (bytes: number) => ArrayBuffer): ChunkRecord | null {
    const buffer = this.buffer;
    const id = this.sessionId;
    if (!buffer || buffer.ring.length === 0 || id === null) return null;
    const ring = buffer.ring;
    let t0 = Infinity;
    let t1 = -Infinity;
    for (let i = 0; i < ring.length; i++) {
      t0 = Math.min(t0, ring.time(i));
      t1 = Math.max(t1, ring.time(i));
    }
    const record = encodeChunk(
      id,
      Math.floor(t0 / 60),
      ring.exportRows(0, ring.length, allocate),
      t0,
      t1,
      layout,
    );
    ring.clear();
    return record;
  }

  /** The session was deleted: what was gathered for it is not written. */
  drop(sessionId: string): void {
    if (sessionId === this.sessionId) this.buffer?.ring.clear();
  }
}
