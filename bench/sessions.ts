// Sessions benchmark (npm run bench:sessions), in Node with fake-indexeddb
// (a full IndexedDB in JavaScript on the same thread: it overstates what a
// browser's IndexedDB costs the worker, whose writes finish off-thread).
//   1. Recording overhead: CPU time of ingest (JSON.parse + validate + store)
//      with and without the recorder, in the same run. The recorder writes one
//      chunk a second, so its cost per packet depends on the rate: measured at
//      2,000 packets/s (the browser budget's rate; this is the RESULT figure)
//      and at 10 packets/s (the car's usual rate, where the fixed cost of a
//      chunk is shared by 10 packets only; its absolute cost is also shown).
//   2. Restore: a recorded hour at 10 packets/s (36,000 packets) read back into
//      live history by a fresh worker (TelemetryService.start → restored).
//   3. Seek: anywhere in a recorded 8-hour session at 10 packets/s: time until
//      the packet at the new clock is shown (window read + history + shown row).
// Ends with: RESULT record_overhead_pct=<n> restore_36k_ms=<n> seek_8h_ms=<n>
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { cpus } from "node:os";
import { TelemetryService } from "../workers/TelemetryService";
import { TelemetryStore } from "../workers/store/TelemetryStore";
import { Sessions } from "../workers/sessions/Sessions";
import { encodeChunk, layoutKey } from "../workers/sessions/chunkCodec";
import type { SessionInfo } from "../workers/contract";
import { realTimers } from "../workers/sources/timers";
import { realisticPacket } from "./realisticPacket";
import { STORED_NUMERIC_FIELDS } from "../workers/telemetry/derivedFields";
import { needsFloat64 } from "../workers/history/precision";
import { writeResultsSection } from "./resultsFile";

const T0 = 1_795_000_000;
const RUNS = 5;
const PACKETS_PER_RUN = 4000;
const CHUNK_ROWS = 10;
const TIME_INDEX = STORED_NUMERIC_FIELDS.indexOf("TimeStamp");

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
const texts = Array.from({ length: 64 }, (_, i) => JSON.stringify(realisticPacket(i + 1, T0 + i)));

// ---- 1. recording overhead -------------------------------------------------
async function ingestRun(chunkRows: number | null): Promise<number> {
  const record = chunkRows !== null;
  const store = new TelemetryStore();
  const sessions = new Sessions({
    factory: new IDBFactory(),
    timers: { ...realTimers, setInterval: () => 0, clearInterval: () => undefined },
    notice: (_level, message) => console.warn(message),
    flushMs: 1e9,
  });
  if (record)
    await sessions.start(
      store,
      { recording: true, budgetBytes: 0, backendUrl: () => "" },
      () => "DEMO",
    );
  // CPU time of this process, not wall time: the machine is shared, and
  // waiting for IndexedDB's callbacks is idle time the worker would spend on packets.
  const start = process.cpuUsage();
  for (let i = 0; i < PACKETS_PER_RUN; i++) {
    store.ingest(JSON.parse(texts[i % texts.length]!), "DEMO");
    if (record && (i + 1) % chunkRows === 0) await sessions.flush("DEMO");
  }
  if (!record) await Promise.resolve(); // same awaiting shape, no recorder
  const used = process.cpuUsage(start);
  return (used.user + used.system) / PACKETS_PER_RUN; // µs of CPU per packet
}

const HIGH_RATE = 2000;
for (let w = 0; w < 2; w++) {
  await ingestRun(null);
  await ingestRun(HIGH_RATE);
  await ingestRun(CHUNK_ROWS);
}
const plainRuns: number[] = [];
const recordRuns: number[] = [];
const slowRuns: number[] = [];
for (let r = 0; r < RUNS; r++) {
  plainRuns.push(await ingestRun(null));
  recordRuns.push(await ingestRun(HIGH_RATE));
  slowRuns.push(await ingestRun(CHUNK_ROWS));
}
const plainUs = median(plainRuns);
const recordUs = median(recordRuns);
const slowUs = median(slowRuns);
// Runs are interleaved (plain, recorded, plain, …): the median of each run's
// ratio to the plain run next to it is steadier on a shared machine than a
// ratio of medians.
const pairedPct = (runs: number[]) =>
  Math.max(0, median(runs.map((us, i) => (us / plainRuns[i]! - 1) * 100)));
const overheadPct = pairedPct(recordRuns);
const slowOverheadPct = pairedPct(slowRuns);

// ---- helpers to write long sessions fast ----------------------------------
/** Writes `packets` packets at 10 Hz as one session, straight into IndexedDB. */
async function writeSession(factory: IDBFactory, packets: number): Promise<SessionInfo> {
  const base = new TelemetryStore({ capacity: CHUNK_ROWS });
  const layout = layoutKey(base.bytesPerPacket, base.fieldCatalog().length);
  // Open once through Sessions so the schema exists.
  const probe = new Sessions({
    factory,
    timers: realTimers,
    notice: () => undefined,
    flushMs: 1e9,
  });
  await probe.start(
    new TelemetryStore({ capacity: 1 }),
    { recording: false, budgetBytes: 0, backendUrl: () => "" },
    () => "DEMO",
  );
  probe.stop();
  const db: IDBDatabase = await new Promise((resolve, reject) => {
    const request = factory.open("helios-sessions", 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  // One validated chunk of 10 rows, copied per chunk with its time column moved on.
  for (let i = 0; i < CHUNK_ROWS; i++) base.ingest(JSON.parse(texts[i]!), "DEMO");
  const template = base.newestRows(CHUNK_ROWS);
  const timeColumn = STORED_NUMERIC_FIELDS.slice(0, TIME_INDEX).filter(needsFloat64).length;
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
  const BATCH = 2000; // chunks per transaction
  for (let c0 = 0; c0 < session.chunks; c0 += BATCH) {
    const tx = db.transaction(["chunks", "sessions"], "readwrite");
    for (let c = c0; c < Math.min(session.chunks, c0 + BATCH); c++) {
      const f64 = new Float64Array(template.f64.slice(0));
      const times = f64.subarray(timeColumn * CHUNK_ROWS, (timeColumn + 1) * CHUNK_ROWS);
      for (let i = 0; i < CHUNK_ROWS; i++) times[i] = T0 + (c * CHUNK_ROWS + i) / 10;
      const rows = {
        ...template,
        f32: template.f32.slice(0),
        f64: f64.buffer,
        bools: template.bools.slice(0),
      };
      const chunk = encodeChunk(session.id, c, rows, times[0]!, times[CHUNK_ROWS - 1]!, layout);
      session.bytes += rows.f32.byteLength + rows.f64.byteLength + rows.bools.byteLength;
      tx.objectStore("chunks").put(chunk);
    }
    if (c0 + BATCH >= session.chunks) tx.objectStore("sessions").put(session);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  }
  db.close();
  return session;
}

console.log(
  `recording: ${plainUs.toFixed(1)} vs ${recordUs.toFixed(1)} (2,000/s) vs ${slowUs.toFixed(1)} (10/s) µs CPU/packet`,
);
// ---- 2. restore 36,000 packets ---------------------------------------------
const restoreRuns: number[] = [];
const restoreFactory = new IDBFactory();
await writeSession(restoreFactory, 36_000);
let restoredCount = 0;
for (let r = 0; r < 3; r++) {
  const service = new TelemetryService({ indexedDB: restoreFactory, storage: null });
  const start = performance.now();
  service.start({ connectToBackend: false, recording: false, demoRate: 0.001 }, () => undefined);
  await service.whenRestored();
  restoreRuns.push(performance.now() - start);
  restoredCount = service.snapshot(0).counters.historyLength;
  service.stop();
}
const restoreMs = median(restoreRuns);

console.log(`restore: ${restoreRuns.map((x) => x.toFixed(0)).join(", ")} ms`);
// ---- 3. seek in an 8-hour session ------------------------------------------
const seekFactory = new IDBFactory();
const long = await writeSession(seekFactory, 8 * 3600 * 10);
const service = new TelemetryService({ indexedDB: seekFactory, storage: null });
service.start(
  { connectToBackend: false, recording: false, historyCapacity: 20_000 },
  () => undefined,
);
await service.whenRestored();
service.startReplay({ kind: "session", sessionId: long.id });
while (service.snapshot(0).playback.loading !== null || service.snapshot(0).playback.clock === null)
  await new Promise((resolve) => setTimeout(resolve, 10));
const seekRuns: number[] = [];
let seekOk = true;
for (let i = 0; i < 9; i++) {
  const target = T0 + ((i * 0.37 + 0.11) % 1) * 8 * 3600;
  const start = performance.now();
  await service.seek(target);
  seekRuns.push(performance.now() - start);
  const shown = service.snapshot(0).counters.lastPacketTime ?? 0;
  if (!(shown <= target && shown > target - 0.2)) seekOk = false;
}
service.stop();
const seekMs = median(seekRuns);

// ---- report -----------------------------------------------------------------
const machine = `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const fmt = (n: number, d = 1) => n.toFixed(d);
const table = [
  `| measure | value | budget |`,
  `|---|---|---|`,
  `| ingest alone (baseline, JSON.parse + validate + store) | ${fmt(plainUs)} µs CPU/packet | |`,
  `| ingest + recorder at 2,000 packets/s (a chunk per 2,000 packets) | ${fmt(recordUs)} µs CPU/packet | |`,
  `| **recording overhead at 2,000 packets/s** | **${fmt(overheadPct)} %** | ≤ 10 % |`,
  `| ingest + recorder at 10 packets/s (a chunk per 10 packets) | ${fmt(slowUs)} µs CPU/packet | |`,
  `| recording overhead at 10 packets/s | ${fmt(slowOverheadPct)} % (${fmt((slowUs - plainUs) * 10, 0)} µs CPU per second of recording) | ≤ 10 % |`,
  `| restore 36,000 packets (worker start → history filled) | ${fmt(restoreMs, 0)} ms (${restoredCount.toLocaleString("en-US")} restored) | ≤ 2,000 ms |`,
  `| seek in an 8-hour 10 Hz session (288,000 packets), median of 9 | ${fmt(seekMs, 0)} ms (max ${fmt(Math.max(...seekRuns), 0)} ms)${seekOk ? "" : " — WRONG PACKET SHOWN"} | ≤ 200 ms |`,
  `| runs | ingest ${RUNS} × ${PACKETS_PER_RUN} packets each way (median), restore 3, seek 9 | |`,
  `| machine | ${machine} | |`,
  `| date | ${date} | |`,
];
console.log(`## Sessions (npm run bench:sessions)\n\n${table.join("\n")}\n`);
console.log(
  `ingest runs µs: ${plainRuns.map((x) => fmt(x)).join(", ")}\nrecord runs µs: ${recordRuns.map((x) => fmt(x)).join(", ")}\nrecord at 10/s runs µs: ${slowRuns.map((x) => fmt(x)).join(", ")}\nrestore ms: ${restoreRuns.map((x) => fmt(x, 0)).join(", ")}\nseek ms: ${seekRuns.map((x) => fmt(x, 0)).join(", ")}`,
);
await writeResultsSection("## Sessions (npm run bench:sessions)", [
  `Measured ${date} on ${machine}, in Node with fake-indexeddb (IndexedDB written in JavaScript on the worker's own thread, so it overstates the browser's cost; a browser run is left for the quiet machine). Baselines are measured in the same run.`,
  "",
  ...table,
]);
console.log(
  `RESULT record_overhead_pct=${fmt(overheadPct)} restore_36k_ms=${fmt(restoreMs, 0)} seek_8h_ms=${fmt(seekMs, 0)}`,
);
