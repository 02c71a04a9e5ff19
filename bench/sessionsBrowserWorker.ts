// The Chromium sessions benchmark, inside a module worker with the browser's
// own IndexedDB (what users run): the same measurements as the Node run
// (bench/sessionsCore.ts). Each measurement gets a database of its own, by
// handing the code an IDBFactory whose open() adds a suffix to the name.
import {
  CHUNK_ROWS,
  recordOverhead,
  restoreRun,
  seekRuns,
  summarise,
  writeSession,
  type Overhead,
} from "./sessionsCore";
import { layoutKey } from "../workers/sessions/chunkCodec";
import { SessionDb } from "../workers/sessions/SessionDb";
import { TelemetryStore } from "../workers/store/TelemetryStore";

export interface BrowserSessionsResult {
  userAgent: string;
  cores: number;
  slow: Overhead;
  high: Overhead;
  slowRuns: number[];
  highRuns: number[];
  restoreMs: number[];
  /** The IndexedDB read of a restore alone. */
  readMs: number[];
  restored: number;
  seekMs: number[];
  seekOk: boolean;
}

const RUNS = 5;
const PACKETS = 4000;
const names: string[] = [];

/** indexedDB with fresh database names (deleted at the end). */
function freshFactory(): IDBFactory {
  const suffix = `-bench-${names.length}-${Date.now()}`;
  return {
    open: (name: string, version?: number) => {
      names.push(name + suffix);
      return indexedDB.open(name + suffix, version);
    },
  } as IDBFactory;
}

async function readOnly(factory: IDBFactory): Promise<number> {
  const store = new TelemetryStore();
  const db = await SessionDb.open(
    factory,
    layoutKey(store.bytesPerPacket, store.fieldCatalog().length),
  );
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
    await recordOverhead(freshFactory(), CHUNK_ROWS, 1000, "on-thread", meter);
    await recordOverhead(freshFactory(), 2000, PACKETS, "on-thread", meter);
  }
  const slowRuns: Overhead[] = [];
  const highRuns: Overhead[] = [];
  for (let r = 0; r < RUNS; r++) {
    slowRuns.push(await recordOverhead(freshFactory(), CHUNK_ROWS, PACKETS, "on-thread", meter));
    highRuns.push(await recordOverhead(freshFactory(), 2000, PACKETS, "on-thread", meter));
  }
  const restoreFactory = freshFactory();
  await writeSession(restoreFactory, 36_000);
  const restores = [];
  for (let r = 0; r < 3; r++) restores.push(await restoreRun(restoreFactory));
  // The restore's IndexedDB read alone (the rest is copying into history).
  const reads: number[] = [];
  for (let r = 0; r < 3; r++) reads.push(await readOnly(restoreFactory));
  const seekFactory = freshFactory();
  const long = await writeSession(seekFactory, 8 * 3600 * 10);
  const seek = await seekRuns(seekFactory, long);
  return {
    userAgent: navigator.userAgent,
    cores: navigator.hardwareConcurrency,
    slow: summarise(slowRuns),
    high: summarise(highRuns),
    slowRuns: slowRuns.map((r) => r.pct),
    highRuns: highRuns.map((r) => r.pct),
    restoreMs: restores.map((r) => r.ms),
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
