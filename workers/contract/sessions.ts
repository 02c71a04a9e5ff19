import type { ConnectionType } from "./fields";
import type { BackendGeneration } from "./laps";

/** One continuous recording (see README "Sessions"). */
export interface SessionInfo {
  id: string;
  /** User-editable; starts as source + local start time. */
  name: string;
  /** The live source recorded, or IMPORT for a saved CSV import. */
  source: ConnectionType | "IMPORT";
  /** Backend URL at the time (NETWORK), else "". */
  backendUrl: string;
  /** Wall clock, ms since the epoch, of the first and last recorded chunk. */
  startedAt: number;
  endedAt: number;
  /** Packet time (epoch seconds) of the first and last recorded packet. */
  firstPacketTime: number;
  lastPacketTime: number;
  packets: number;
  /** Bytes of recorded columns. */
  bytes: number;
  chunks: number;
}

export interface RecordingState {
  /** The user's switch (Settings → Sessions). */
  enabled: boolean;
  /** False when IndexedDB is missing or refused (private mode, quota). */
  available: boolean;
  /** The session being written now, if any. */
  sessionId: string | null;
  /** Packets restored into live history after the last start. */
  restoredPackets: number;
  /**
   * Why nothing is recorded now, in words a user reads (a newer version of
   * the app wrote the recordings, storage full and retrying…); null when
   * recording works or is merely switched off.
   */
  problem: string | null;
  /** The restore after the last start: what is on screen while the day comes back; null before it. */
  restore: RestoreProgress | null;
}

/**
 * A reload restores the newest session in two steps (docs/architecture.md
 * "Restore after a reload"): first its 1-second summary (its newest minutes,
 * then the whole day), shown as the live view at once; then every row, read
 * in slices into the live history.
 * Benchmarks poll this in `snapshot().recording.restore`.
 */
export interface RestoreProgress {
  /**
   * "preview": reading the summary; "newest": its newest minutes are on
   * screen while the rest of it is read (a day longer than those minutes);
   * "full": the summary is on screen (when the session has one) while the
   * rows are read; "done": the live history holds the day (or the restore
   * gave up: see `problem`).
   */
  phase: "preview" | "newest" | "full" | "done";
  /** Rows of the 1-second summary on screen while the rows are read (0: no summary). */
  previewRows: number;
  /** Rows read into the live history so far, of about `total`. */
  rows: number;
  total: number;
  /**
   * ms from the start of the worker's recordings (opening the database) to
   * the first picture (the summary, or the first rows when there is none)
   * and to the end of the restore.
   */
  firstPictureMs: number | null;
  /** ms, as above, to the whole day's summary on screen (null: none was shown). */
  dayPictureMs: number | null;
  doneMs: number | null;
}

/** Where a replay comes from. */
export type ReplayOrigin =
  /** `source` says where the recorded packets came from (DEMO = simulated). */
  | { kind: "session"; sessionId: string; name: string; source: ConnectionType | "IMPORT" }
  | { kind: "backend"; url: string; from: number; to: number }
  | { kind: "local-range"; from: number; to: number }
  | { kind: "import"; name: string };

export type ReplayRequest =
  | { kind: "session"; sessionId: string }
  /** Packet-time range, epoch seconds; "backend" walks /packetsBetween, "local" reads sessions. */
  | { kind: "range"; from: number; to: number; source: "backend" | "local" };

/** Playback is state: it travels in every snapshot. */
export interface PlaybackState {
  on: boolean;
  /** Which history the snapshot, series and geo describe. */
  view: "live" | "replay";
  origin: ReplayOrigin | null;
  playing: boolean;
  /** 0.5 … 100. */
  speed: number;
  /** Playback clock in packet time (epoch seconds); null before anything is loaded. */
  clock: number | null;
  /** The span being replayed (packet time, epoch seconds). */
  start: number | null;
  end: number | null;
  /** While loading: packets loaded so far and the share of the range covered (0..1, null if unknown). */
  loading: { packets: number; fraction: number | null } | null;
  /** Packets of this replay that failed validation. */
  rejected: number;
  /** Why the last load failed or was partial (HTTP error, bad body), else null. */
  error: string | null;
  /** Lap times (epoch seconds) inside [start, end], for the scrubber. */
  laps: number[];
}

export interface StorageInfo {
  usedBytes: number | null;
  quotaBytes: number | null;
  /**
   * Quota minus usage, never below 0: the browser's estimate of usage can
   * exceed its quota (storage full, or the estimate lags an eviction).
   */
  availableBytes: number | null;
  budgetBytes: number | null;
  /** Bytes of recorded columns over all sessions. */
  sessionBytes: number;
}

export type BackendSpan =
  | { ok: true; first: number; last: number; generation: BackendGeneration }
  | { ok: false; message: string };
