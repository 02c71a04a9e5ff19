// What the season tests share: recorded sessions held in memory, stored as the
// recorder stores them (about a second of packed rows per chunk, without the
// stages' columns, read back by overlapping time ranges), and a sink into a
// temp folder that writes each file under a ".partial" name until it is whole.
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { SessionEvent } from "../../workers/contract/events";
import type { Lap } from "../../workers/contract/laps";
import type { SeasonSink } from "../../workers/contract/season";
import type { SessionInfo } from "../../workers/contract/sessions";
import type { RowSlices } from "../../workers/contract/storageProtocol";
import type { SeasonSessions } from "../../workers/telemetry/pipeline/Feature";
import { LAYOUT } from "../../workers/telemetry/features";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { packet } from "./csv-helpers";

interface Recorded {
  info: SessionInfo;
  chunks: { t0: number; t1: number; rows: RowSlices }[];
  laps: Lap[];
  events: SessionEvent[];
  /** The session as the app holds it live: every row, its stages run. */
  store: TelemetryStore;
}

/** A session of `count` packets 0.25 s apart from `t0` (epoch s), pack figures varying by row. */
export function recordSession(id: string, t0: number, count: number, rowsPerChunk = 4): Recorded {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: count });
  for (let i = 0; i < count; i++) {
    const p = packet(i, (p) => {
      p.TimeStamp = t0 + i * 0.25;
      p.Battery.PackVoltage = 96 + (i % 37) * 0.5;
      p.Battery.PackCurrent = 8 + (i % 11);
    });
    if (!store.ingest(p, "DEMO")) throw new Error("fixture rejected");
  }
  const chunks = [];
  for (let lo = 0; lo < count; lo += rowsPerChunk) {
    const n = Math.min(rowsPerChunk, count - lo);
    chunks.push({
      t0: store.ring.time(lo),
      t1: store.ring.time(lo + n - 1),
      rows: store.ring.exportRows(lo, n),
    });
  }
  const info: SessionInfo = {
    id,
    name: `Session ${id}`,
    source: "DEMO",
    backendUrl: "",
    startedAt: t0 * 1000,
    endedAt: (t0 + count * 0.25) * 1000,
    firstPacketTime: t0,
    lastPacketTime: t0 + (count - 1) * 0.25,
    packets: count,
    bytes: 0,
    chunks: chunks.length,
  };
  return { info, chunks, laps: [], events: [], store };
}

/** The recorded sessions as a season export reads them (Sessions' calls). */
export function sessionsOf(recorded: readonly Recorded[]): SeasonSessions {
  const find = (id: string) => recorded.find((r) => r.info.id === id);
  return {
    session: async (id) => find(id)?.info ?? null,
    sessionLaps: async (id) => find(id)?.laps ?? [],
    sessionEvents: async (id, query) => ({
      events: (find(id)?.events ?? []).filter((e) => !query?.kinds || query.kinds.includes(e.kind)),
      dropped: 0,
    }),
    // As SessionDb.readRange: every chunk overlapping [from, to], whole, and
    // each read a copy of its own (IndexedDB clones), which the export frees.
    sessionRows: async (id, from, to) =>
      (find(id)?.chunks ?? [])
        .filter((c) => c.t1 >= from && c.t0 <= to)
        .map((c) => structuredClone(c.rows)),
  };
}

/** A lap ending `rows` rows after `fromRow` (row times, so its edges are rows). */
export function lapOf(r: Recorded, fromRow: number, toRow: number): Lap {
  const start = r.store.ring.time(fromRow);
  const end = r.store.ring.time(toRow);
  return {
    rfid: "TAG-1",
    endMs: end * 1000,
    lapTime: end - start,
    distance: 1000,
    averageSpeed: 10,
    ampHours: 1,
    averagePackCurrent: 10,
    energyConsumed: 100,
    totalPowerIn: 0,
    totalPowerOut: 0,
    netPowerOut: 0,
    batterySecondsRemaining: 0,
    averageMotorWattage: null,
    simulated: true,
  };
}

/** A folder sink in a temp directory; `files()` lists what is in it. */
export function tempSink(): SeasonSink & { dir: string; files(): string[]; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), "helios-season-"));
  const partial = (path: string) => join(dir, `${path}.partial`);
  const open = new Set<string>();
  return {
    dir,
    async write(path, bytes, last) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      if (open.has(path)) appendFileSync(partial(path), bytes);
      else writeFileSync(partial(path), bytes);
      open.add(path);
      if (last) {
        renameSync(partial(path), join(dir, path));
        open.delete(path);
      }
    },
    async close() {},
    async abort() {
      for (const path of open) rmSync(partial(path), { force: true });
      open.clear();
    },
    files: () =>
      (readdirSync(dir, { recursive: true }) as string[])
        .filter((f) => !f.endsWith("/") && /\.parquet(\.partial)?$/.test(f))
        .map((f) => relative(dir, join(dir, f)))
        .sort(),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
