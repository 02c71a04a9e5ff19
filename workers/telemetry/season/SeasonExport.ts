// A season's dataset, written file piece by file piece (pull next() until it
// answers null), so memory holds one part of one session at a time, never
// the season: each session is read from storage a span of about PART_ROWS
// rows at a time, its stages run on it (the energy totals go on from one
// span to the next), and it leaves as one Parquet file (a part) with the
// same typed columns as a Parquet export (parquet/ParquetExporter.ts).
// Then each registered feature's table of that session (Feature.seasonTable).
import type { SessionInfo } from "../../contract/sessions";
import type { SeasonSessions, SeasonTable } from "../pipeline/Feature";
import type { ColumnLayout } from "../pipeline/columnLayout";
import type { ShownZone } from "../../shared/dateTime";
import { EVERY_FIELD_REQUEST } from "../csv/CsvExporter";
import { upperBound } from "../history/downsample";
import { ParquetExporter } from "../parquet/ParquetExporter";
import { TelemetryStore } from "../store/TelemetryStore";
import { partitionOf, partPath, TELEMETRY_TABLE } from "./seasonPaths";
import { releaseBuffer } from "../../shared/releaseBuffer";

/** Rows per part: one Parquet row group, ~13 MB of history rows held while it is written. */
const PART_ROWS = 16_384;
const PARQUET_REQUEST = { ...EVERY_FIELD_REQUEST, format: "parquet" } as const;

export interface SeasonPiece {
  path: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** The file is whole after these bytes. */
  last: boolean;
  session: SessionInfo;
}

export interface SeasonOptions {
  /** The columns of every history (the registry's layout). */
  layout: ColumnLayout;
  /** The features' tables written beside the telemetry (the registry's). */
  tables: readonly SeasonTable[];
  /** The zone the `date=` partitions are named in. */
  zone: ShownZone;
  /** Rows per part (tests use a few, to cross parts). */
  partRows?: number;
}

export class SeasonExport {
  /** The sessions' recorded packets: the rows to write, about (chunks that fail their checks are left out). */
  rowsTotal: number;
  private rowsWritten = 0;
  private exporter: ParquetExporter | null = null;
  private readonly pieces: AsyncGenerator<SeasonPiece, void>;
  private readonly partRows: number;
  /**
   * The span read from storage, kept from one span and session to the next:
   * a new ~20 MB store per span left the page's and workers' memory 280 MB
   * above rest before the collector caught up (bench:track).
   */
  private read: TelemetryStore | null = null;

  constructor(
    private readonly sessions: SeasonSessions,
    private readonly chosen: readonly SessionInfo[],
    private readonly options: SeasonOptions,
  ) {
    this.rowsTotal = chosen.reduce((sum, s) => sum + s.packets, 0);
    this.partRows = Math.max(1, options.partRows ?? PART_ROWS);
    this.pieces = this.all();
  }

  get rowsDone(): number {
    return this.rowsWritten + (this.exporter?.rowsDone ?? 0);
  }

  /** The next piece of a file; null once the dataset is whole. */
  async next(): Promise<SeasonPiece | null> {
    const step = await this.pieces.next();
    if (!step.done) return step.value;
    this.rowsTotal = this.rowsWritten;
    return null;
  }

  /** Gives up: the part being written lets its rows go. */
  async cancel(): Promise<void> {
    await this.pieces.return();
  }

  private async *all(): AsyncGenerator<SeasonPiece, void> {
    for (const session of this.chosen) {
      const partition = partitionOf(session, this.options.zone);
      yield* this.telemetry(session, partition);
      for (const table of this.options.tables) {
        const bytes = await table.write(this.sessions, session);
        if (bytes === null) continue;
        const path = partPath(table.name, partition, 0);
        yield { path, bytes: bytes as Uint8Array<ArrayBuffer>, last: true, session };
      }
    }
  }

  /** A session's rows, part by part. */
  private async *telemetry(session: SessionInfo, partition: string) {
    const { layout } = this.options;
    const store = new TelemetryStore({ capacity: this.partRows, layout });
    let done = -Infinity;
    let part = 0;
    for await (const slices of this.spans(session)) {
      const count = slices.reduce((sum, rows) => sum + rows.count, 0);
      if (count === 0) continue;
      const read = this.readStore(count);
      for (const rows of slices) read.appendRows(rows);
      // Copied into the ring: their ~4 MB a span are freed now, not piled up for V8.
      for (const rows of slices) releaseBuffer(rows.data);
      const ring = read.ring;
      // A chunk across two spans comes with both: its rows written already are skipped.
      for (let at = upperBound(ring.length, (i) => ring.time(i), done); at < ring.length;) {
        // Parts fill to partRows across spans: no small part where a span ends.
        const n = Math.min(this.partRows - store.ring.length, ring.length - at);
        store.appendRowsOf(ring, at, n);
        at += n;
        if (store.ring.length < this.partRows) continue;
        yield* this.part(store, partPath(TELEMETRY_TABLE, partition, part++), session);
        store.ring.clear();
      }
      if (ring.length > 0) done = Math.max(done, ring.time(ring.length - 1));
    }
    if (store.ring.length > 0)
      yield* this.part(store, partPath(TELEMETRY_TABLE, partition, part), session);
  }

  /**
   * A session's stored rows, span by span in time; each span is read from
   * storage while the one before is written, so the storage worker's reads
   * overlap the encoding. A span holds about a quarter of a part at the
   * session's mean rate: with the one read ahead and the span's own store,
   * the export held 24-27 MB after full collections, against 37 MB with
   * spans of half a part (bench:track, 2026-12-05).
   */
  private async *spans(session: SessionInfo) {
    const seconds = Math.max(1e-3, session.lastPacketTime - session.firstPacketTime);
    const spanRows = Math.max(1, Math.ceil(this.partRows / 4));
    const spanS = Math.max(1, (spanRows * seconds) / Math.max(1, session.packets));
    const last = session.lastPacketTime;
    const read = (from: number) => {
      if (from > last) return null;
      const rows = this.sessions.sessionRows(session.id, from, Math.min(last, from + spanS));
      rows.catch(() => undefined); // a failure is told when the span is taken
      return rows;
    };
    let next = read(session.firstPacketTime);
    for (let from = session.firstPacketTime; next; from += spanS) {
      const slices = await next;
      next = read(from + spanS);
      yield slices;
    }
  }

  /** An empty store for a span of `count` rows; without stages: only the rows not written yet go through them. */
  private readStore(count: number): TelemetryStore {
    if (!this.read || this.read.ring.capacity < count)
      this.read = new TelemetryStore({
        // A quarter of a part (a span at the mean rate) and a quarter more for a faster stretch.
        capacity: Math.max(count, Math.ceil(this.partRows * 0.3125)),
        layout: this.options.layout,
        stages: [],
      });
    this.read.ring.clear();
    return this.read;
  }

  private async *part(store: TelemetryStore, path: string, session: SessionInfo) {
    // The part's rows stay as they are until it is written: read in place.
    const exporter = new ParquetExporter(store.ring, PARQUET_REQUEST, session.source, {}, true);
    this.exporter = exporter;
    try {
      while (!exporter.done) {
        const bytes = exporter.nextChunk();
        yield { path, bytes, last: exporter.done, session };
      }
      this.rowsWritten += exporter.rowCount;
    } finally {
      exporter.close();
      this.exporter = null;
    }
  }
}
