// The Chromium sessions benchmark, inside a module worker with the browser's
// own IndexedDB (what users run): the same measurements as the Node run
// (bench/sessionsCore.ts), with the sessions stored by the storage worker as
// in the app. Each measurement gets a database of its own (a name suffix).
import {
  CHUNK_ROWS,
  recordOverhead,
  restoreRun,
  seekRuns,
  summarise,
  writeSession,
  type Overhead,
  type StoreChoice,
} from "./sessionsCore";
import { RemoteSessionDb } from "../workers/telemetry/sessions/RemoteSessionDb";
import { SessionDb } from "../workers/shared/storage/SessionDb";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../workers/telemetry/features";

export interface BrowserSessionsResult {
  userAgent: string;
  cores: number;
  slow: Overhead;
  high: Overhead;
  /** At 10 packets/s in real time (the car's rate), through the storage worker. */
  paced: Overhead;
  pacedRuns: number[];
  /** The same, once, with IndexedDB on the ingest thread (the design before the storage worker). */
  pacedLocal: Overhead;
  slowRuns: number[];
  highRuns: number[];
  restoreMs: number[];
  /** ms to the first picture (the 1-second summary on screen) of each restore. */
  firstPictureMs: number[];
  /** The IndexedDB read of a restore alone. */
  readMs: number[];
  restored: number;
  seekMs: number[];
  seekOk: boolean;
}

const RUNS = 5;
const PACKETS = 4000;
/** Real time at the car's 10 packets/s: a packet every 100 ms, a chunk every second. */
const PACED_RUNS = 3;
const PACED_PACKETS = 300;
const PACE_MS = 100;
const names: string[] = [];

/**
 * A database of its own for one measurement, stored as the app stores it:
 * by the storage worker (RemoteSessionDb). `factory` opens the same database
 * on this thread (writing the long sessions, the read-only timing, and the
 * one comparison run without the storage worker).
 */
interface Fresh {
  factory: IDBFactory;
  where: StoreChoice;
}

function fresh(): Fresh {
  const suffix = `-bench-${names.length}-${Date.now()}`;
  names.push(`helios-sessions${suffix}`);
  let remote: RemoteSessionDb | null = null;
  return {
    factory: {
      open: (name: string, version?: number) => indexedDB.open(name + suffix, version),
    } as IDBFactory,
    where: {
      openStore: async (layout) =>
        (remote = await RemoteSessionDb.open(layout, { name: `helios-sessions${suffix}` })),
      appendOwner: RemoteSessionDb.prototype,
      storeStats: () => remote?.appendStats() ?? Promise.resolve({ appends: 0, appendMs: 0 }),
    },
  };
}

const recordRun = (chunkRows: number, packets: number, pauseMs = 0): Promise<Overhead> => {
  const db = fresh();
  return recordOverhead(db.factory, chunkRows, packets, "on-thread", meter, db.where, pauseMs);
};

async function readOnly(factory: IDBFactory): Promise<number> {
  const store = new TelemetryStore({ layout: LAYOUT });
  const db = await SessionDb.open(factory, store.chunkLayout);
  const [session] = await db.listSessions();
  const start = performance.now();
  await db.readNewestRows(session!, store.ring.capacity);
  const ms = performance.now() - start;
  db.close();
  return ms;
}

// Wall time in µs: the worker does nothing else, and the commit wait is not timed.
const meter = () => performance.now() * 1000;

async function run(): Promise<BrowserSessionsResult> {
  for (let w = 0; w < 2; w++) {
    await recordRun(CHUNK_ROWS, 1000);
    await recordRun(2000, PACKETS);
  }
  const slowRuns: Overhead[] = [];
  const highRuns: Overhead[] = [];
  for (let r = 0; r < RUNS; r++) {
    slowRuns.push(await recordRun(CHUNK_ROWS, PACKETS));
    highRuns.push(await recordRun(2000, PACKETS));
  }
  const pacedRuns: Overhead[] = [];
  for (let r = 0; r < PACED_RUNS; r++)
    pacedRuns.push(await recordRun(CHUNK_ROWS, PACED_PACKETS, PACE_MS));
  // For comparison, once: IndexedDB on the ingest thread itself (no storage worker).
  const pacedLocal = await recordOverhead(
    fresh().factory,
    CHUNK_ROWS,
    PACED_PACKETS,
    "on-thread",
    meter,
    undefined,
    PACE_MS,
  );
  const restoreDb = fresh();
  await writeSession(restoreDb.factory, 36_000);
  const restores = [];
  for (let r = 0; r < 3; r++)
    restores.push(await restoreRun(restoreDb.factory, restoreDb.where.openStore));
  // The restore's IndexedDB read alone (the rest is moving rows and copying into history).
  const reads: number[] = [];
  for (let r = 0; r < 3; r++) reads.push(await readOnly(restoreDb.factory));
  const seekDb = fresh();
  const long = await writeSession(seekDb.factory, 8 * 3600 * 10);
  const seek = await seekRuns(seekDb.factory, long, seekDb.where.openStore);
  return {
    userAgent: navigator.userAgent,
    cores: navigator.hardwareConcurrency,
    slow: summarise(slowRuns),
    high: summarise(highRuns),
    paced: summarise(pacedRuns),
    pacedRuns: pacedRuns.map((r) => r.pct),
    pacedLocal,
    slowRuns: slowRuns.map((r) => r.pct),
    highRuns: highRuns.map((r) => r.pct),
    restoreMs: restores.map((r) => r.ms),
    firstPictureMs: restores.map((r) => r.firstPictureMs),
    readMs: reads,
    restored: restores.at(-1)!.restored,
    seekMs: seek.ms,
    seekOk: seek.ok,
  };
}

run().then(
  async (result) => {
    for (const name of new Set(names)) indexedDB.deleteDatabase(name);
    postMessage(result);
  },
  (error: unknown) => postMessage({ error: String(error) }),
);
