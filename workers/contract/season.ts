// A season's recorded sessions as one Parquet dataset for DuckDB, Polars and
// Spark (docs/using.md, "A season as one dataset"). The worker writes it file
// piece by file piece (workers/telemetry/season/); the window pulls each piece
// and hands it to a sink: a folder the user picked, or a streamed zip.
// Types only, like the rest of the contract.

/** Which sessions, and the zone their `date=` partitions are named in (null: this computer's). */
export interface SeasonRequest {
  sessionIds: string[];
  zone: string | null;
}

export type SeasonStart =
  { ok: true; sessions: number; rows: number } | { ok: false; message: string };

/** One piece of one file of the dataset; pull the next until `done`. */
export interface SeasonChunk {
  /** Path inside the dataset, "/"-separated: `telemetry/date=…/session=…/part-0.parquet`. */
  path: string;
  /** The bytes to append to that file (transferred, not copied). */
  data: Uint8Array<ArrayBuffer>;
  /** The file is whole after these bytes. */
  last: boolean;
  /** The session the file belongs to, by the name a user reads. */
  sessionName: string;
  rowsDone: number;
  rowsTotal: number;
  /** Nothing follows: the dataset is whole. */
  done: boolean;
}

/** Where a dataset's files go (a folder, a zip, a temp dir in tests). */
export interface SeasonSink {
  /** Appends `bytes` to the file at `path` (made by its first write); `last`: the file is whole. */
  write(path: string, bytes: Uint8Array<ArrayBuffer>, last: boolean): Promise<void>;
  /** Every file was written whole. */
  close(): Promise<void>;
  /** Given up: no file that is not whole may stay as if it were. */
  abort(): Promise<void>;
}

/** A window's calls for a season's export (TelemetryApi): one export per window at a time. */
export interface SeasonApi {
  /** Chooses the sessions and starts; a running export of this window is given up. */
  startSeasonExport(request: SeasonRequest): Promise<SeasonStart>;
  /** The next piece; null when none runs (never started, cancelled, or done already). */
  nextSeasonChunk(): Promise<SeasonChunk | null>;
  /** Gives up the running export: the worker lets its rows go. */
  cancelSeasonExport(): Promise<void>;
}
