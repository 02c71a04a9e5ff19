// The sessions benchmark's measurements, shared by the Node run (fake-indexeddb,
// bench/sessions.ts) and the Chromium run (the browser's own IndexedDB in a
// module worker, bench/sessionsBrowser.ts). Each run gets its own database:
// `factory(run)` hands out an IDBFactory whose database names are fresh.
import type { SessionInfo } from "../workers/contract/sessions";
import { needsFloat64 } from "../workers/telemetry/history/precision";
import { chunkBytes, encodeChunk } from "../workers/shared/storage/chunkCodec";
import { SessionDb, type OpenSessionStore } from "../workers/shared/storage/SessionDb";
import { MergeRun } from "../workers/telemetry/sessions/chunkMerge";
import { Sessions } from "../workers/telemetry/sessions/Sessions";
import { realTimers } from "../workers/telemetry/sources/timers";
import { TelemetryService } from "../workers/telemetry/TelemetryService";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { realisticPacket } from "./realisticPacket";
import { LAYOUT } from "../workers/telemetry/features";

export const T0 = 1_795_000_000;
export const CHUNK_ROWS = 10; // a second at the car's 10 packets/s
const TIME_INDEX = LAYOUT.storedNumericFields.indexOf("TimeStamp");

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
const texts = Array.from({ length: 64 }, (_, i) => JSON.stringify(realisticPacket(i + 1, T0 + i)));

/** A clock of the time this thread spends: CPU time in Node, else wall time. */
export type Meter = () => number;

export interface Overhead {
  /** Per packet, µs. */
  ingestUs: number;
  /** Per chunk write, µs. */
  chunkUs: number;
  /** Chunk writes' time ÷ the ingest time of their packets, %. */
  pct: number;
  /** "on-thread" only: of chunkUs, the part in appendChunk (IndexedDB's put, or the post to the storage worker). */
  putUs: number;
  /** A remote store: the storage worker's time per chunk (its thread, not this one). */
  storeUs: number;
}

/** Where the sessions are stored: SessionDb on this thread, or a storage worker's. */
export interface StoreChoice {
  openStore?: OpenSessionStore;
  /** The class whose appendChunk (the recorder's write) is timed in "on-thread" mode. */
  appendOwner: { appendChunk: SessionDb["appendChunk"] };
  /** The storage worker's own time in appendChunk so far (a remote store). */
  storeStats?: () => Promise<{ appends: number; appendMs: number }>;
}

const LOCAL: StoreChoice = { appendOwner: SessionDb.prototype };

/**
 * Ingests `packets` packets and writes a chunk after every `chunkRows`, in one
 * interleaved loop: back to back, or with `pauseMs` of idle before each packet
 * (real time at the car's rate: every packet and every write then finds the
 * thread idle, caches cold, as in the app; back to back flatters the packets). How a write is timed depends on where IndexedDB works:
 * - "awaited" (fake-indexeddb): all of IndexedDB's work is on this thread, so
 *   the write is timed until its transaction completes;
 * - "on-thread" (a browser): the transaction commits elsewhere, so only what
 *   the worker's thread does is timed: the flush (copy out, encode) and the
 *   synchronous part of the write (transaction, put = structured clone).
 *   The wait for the commit is not timed (the worker is free meanwhile).
 */
export async function recordOverhead(
  factory: IDBFactory,
  chunkRows: number,
  packets: number,
  mode: "awaited" | "on-thread",
  meter: Meter,
  where: StoreChoice = LOCAL,
  pauseMs = 0,
): Promise<Overhead> {
  const store = new TelemetryStore({ layout: LAYOUT });
  const sessions = new Sessions({
    factory,
    timers: { ...realTimers, setInterval: () => 0, clearInterval: () => undefined },
    notice: (_level, message) => console.warn(message),
    flushMs: 1e9,
    openStore: where.openStore,
  });
  await sessions.start(
    store,
    { recording: true, budgetBytes: 0, backendUrl: () => "" },
    () => "DEMO",
  );
  let writeUs = 0;
  let putUs = 0;
  const owner = where.appendOwner;
  const append = owner.appendChunk;
  if (mode === "on-thread")
    owner.appendChunk = function timed(this: SessionDb, ...args) {
      const t = meter();
      const done = append.apply(this, args);
      putUs += meter() - t;
      return done;
    };
  let ingestUs = 0;
  let chunks = 0;
  let storeUs = 0;
  try {
    for (let done = 0; done < packets; done += chunkRows) {
      for (let i = done; i < done + chunkRows; i++) {
        // Paced: the thread idles between packets as it does at the car's rate.
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        const t0 = meter();
        store.ingest(JSON.parse(texts[i % texts.length]!), "DEMO");
        ingestUs += meter() - t0;
      }
      const t1 = meter();
      if (mode === "awaited") {
        await sessions.flush("DEMO");
        writeUs += meter() - t1;
      } else {
        const written = sessions.flush("DEMO");
        writeUs += meter() - t1;
        await written;
      }
      chunks++;
    }
    await sessions.flush("DEMO");
    const stats = await where.storeStats?.();
    storeUs = stats && stats.appends > 0 ? (stats.appendMs * 1000) / stats.appends : 0;
  } finally {
    owner.appendChunk = append;
    sessions.stop();
  }
  writeUs += putUs;
  return {
    ingestUs: ingestUs / packets,
    chunkUs: writeUs / chunks,
    pct: (writeUs / ingestUs) * 100,
    putUs: putUs / chunks,
    storeUs,
  };
}

export function summarise(runs: Overhead[]): Overhead {
  return {
    ingestUs: median(runs.map((r) => r.ingestUs)),
    chunkUs: median(runs.map((r) => r.chunkUs)),
    pct: median(runs.map((r) => r.pct)),
    putUs: median(runs.map((r) => r.putUs)),
    storeUs: median(runs.map((r) => r.storeUs)),
  };
}

/**
 * How the recorder stores `chunks` one-second chunks of `bytes` each, found
 * by the recorder's own rule (chunkMerge.ts): runs merged into one record
 * [first, last], the rest (the run under way at the end) one record each.
 */
function storedRecords(chunks: number, bytes: number, store: TelemetryStore): [number, number][] {
  const merges = new MergeRun();
  const records: [number, number][] = [];
  let next = 0; // the first chunk not in `records` yet
  for (let c = 0; c < chunks; c++) {
    const totals = { packets: (c + 1) * CHUNK_ROWS, bytes: 0, endedAt: 0 };
    const chunk = { index: c, t0: T0 + c, t1: T0 + c + 0.9, count: CHUNK_ROWS, bytes, totals };
    const run = merges.stored("bench", store, { ...chunk, accepted: c * CHUNK_ROWS });
    if (!run) continue;
    for (; next < run[0]!.index; next++) records.push([next, next]);
    records.push([run[0]!.index, run.at(-1)!.index]);
    next = run.at(-1)!.index + 1;
  }
  for (; next < chunks; next++) records.push([next, next]);
  return records;
}

/** `n` validated rows of realistic packets, in one packed buffer (RowSlices). */
function templateRows(n: number) {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: n });
  for (let i = 0; i < n; i++)
    store.ingest(JSON.parse(texts[i] ?? JSON.stringify(realisticPacket(i + 1, T0 + i))), "DEMO");
  return store.newestRows(n);
}

/**
 * Writes `packets` packets at 10 Hz as one session, straight into IndexedDB,
 * as the recorder stores them: a chunk a second, merged a minute a record
 * once stored (storedRecords), each record with its totals, and the
 * session's 1-second summary (a record a minute).
 */
export async function writeSession(factory: IDBFactory, packets: number): Promise<SessionInfo> {
  const base = new TelemetryStore({ layout: LAYOUT, capacity: 1 });
  const layout = base.chunkLayout;
  // Open once through SessionDb so the schema exists.
  (await SessionDb.open(factory, layout)).close();
  const db: IDBDatabase = await new Promise((resolve, reject) => {
    const request = factory.open("helios-sessions");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  // Validated rows per record size, copied per record with their time column moved on.
  const templates = new Map<number, ReturnType<typeof templateRows>>();
  const template = (n: number) => templates.get(n) ?? templates.set(n, templateRows(n)).get(n)!;
  const timeColumn = LAYOUT.storedNumericFields.slice(0, TIME_INDEX).filter(needsFloat64).length;
  const session: SessionInfo = {
    id: `bench-${packets}`,
    name: "bench",
    source: "DEMO",
    backendUrl: "",
    startedAt: Date.now(),
    endedAt: Date.now(),
    firstPacketTime: T0,
    lastPacketTime: T0 + (packets - 1) / 10,
    packets,
    bytes: 0,
    chunks: packets / CHUNK_ROWS,
  };
  const withTimes = (rows: ReturnType<typeof templateRows>, time: (i: number) => number) => {
    // The packed body: a 16-byte header, then the Float64 columns (see RowSlices).
    const data = rows.data.slice(0);
    const times = new Float64Array(data, 16 + timeColumn * rows.count * 8, rows.count);
    for (let i = 0; i < rows.count; i++) times[i] = time(i);
    return { count: rows.count, data, dict: rows.dict };
  };
  const records = storedRecords(session.chunks, chunkBytes(template(CHUNK_ROWS)), base);
  const BATCH = 200; // records per transaction
  for (let r0 = 0; r0 < records.length; r0 += BATCH) {
    const tx = db.transaction(["chunks", "sessions"], "readwrite");
    for (const [first, last] of records.slice(r0, r0 + BATCH)) {
      const n = (last - first + 1) * CHUNK_ROWS;
      const rows = withTimes(template(n), (i) => T0 + (first * CHUNK_ROWS + i) / 10);
      const t1 = T0 + (first * CHUNK_ROWS + n - 1) / 10;
      const chunk = encodeChunk(session.id, last, rows, T0 + first, t1, layout);
      if (first < last) chunk.first = first;
      session.bytes += chunkBytes(rows);
      chunk.totals = {
        packets: (last + 1) * CHUNK_ROWS,
        bytes: session.bytes,
        endedAt: Date.now(),
      };
      tx.objectStore("chunks").put(chunk);
    }
    if (r0 + BATCH >= records.length) tx.objectStore("sessions").put(session);
    await transactionEnd(tx);
  }
  // Each complete minute adds its summary record: 60 rows, one a second.
  const tx = db.transaction("summaries", "readwrite");
  for (let m = 0; m < Math.floor(session.chunks / 60); m++) {
    const record = withTimes(template(60), (k) => T0 + m * 60 + k);
    tx.objectStore("summaries").put(
      encodeChunk(session.id, m, record, T0 + m * 60, T0 + m * 60 + 59, layout),
    );
  }
  await transactionEnd(tx);
  db.close();
  return session;
}

const transactionEnd = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });

/**
 * A fresh worker restores the newest session: ms from start() to history
 * filled, and to the first picture (the summary on screen; see
 * snapshot().recording.restore).
 */
export async function restoreRun(
  factory: IDBFactory,
  openStore?: OpenSessionStore,
): Promise<{ ms: number; restored: number; firstPictureMs: number }> {
  const service = new TelemetryService({
    indexedDB: factory,
    storage: null,
    sessionStore: openStore,
  });
  const start = performance.now();
  service.start({ connectToBackend: false, recording: false, demoRate: 0.001 }, () => undefined);
  let firstPictureMs = NaN;
  const watch = setInterval(() => {
    const restore = service.snapshot(0).recording.restore;
    if (Number.isNaN(firstPictureMs) && restore?.phase === "full")
      firstPictureMs = performance.now() - start;
  }, 5);
  await service.whenRestored();
  clearInterval(watch);
  const ms = performance.now() - start;
  if (Number.isNaN(firstPictureMs)) firstPictureMs = ms;
  const restored = service.snapshot(0).counters.historyLength;
  service.stop();
  return { ms, restored, firstPictureMs };
}

/** Seeks to 9 places in a long session: ms until the packet at the new clock is shown. */
export async function seekRuns(
  factory: IDBFactory,
  session: SessionInfo,
  openStore?: OpenSessionStore,
): Promise<{ ms: number[]; ok: boolean }> {
  const service = new TelemetryService({
    indexedDB: factory,
    storage: null,
    sessionStore: openStore,
  });
  service.start(
    { connectToBackend: false, recording: false, historyCapacity: 20_000 },
    () => undefined,
  );
  await service.whenRestored();
  service.startReplay({ kind: "session", sessionId: session.id });
  while (
    service.snapshot(0).playback.loading !== null ||
    service.snapshot(0).playback.clock === null
  )
    await new Promise((resolve) => setTimeout(resolve, 10));
  const ms: number[] = [];
  let ok = true;
  const span = session.lastPacketTime - session.firstPacketTime;
  for (let i = 0; i < 9; i++) {
    const target = session.firstPacketTime + ((i * 0.37 + 0.11) % 1) * span;
    // From rest: the previous seek's background widening has finished. The
    // window's replay sits in its view (service/windowView.ts), which the
    // service keeps private: a bench reads it as it is laid out.
    await (
      service as unknown as { views: { replay: { idle(): Promise<void> } } }
    ).views.replay.idle();
    const start = performance.now();
    await service.seek(target);
    ms.push(performance.now() - start);
    const shown = service.snapshot(0).counters.lastPacketTime ?? 0;
    if (!(shown <= target && shown > target - 0.2)) ok = false;
  }
  service.stop();
  return { ms, ok };
}
