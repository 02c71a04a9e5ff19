import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { folderSink, zipSink, type FolderHandle } from "../../src/actions/seasonSinks";
import { seasonFullText } from "../../src/ui/format/seasonFormat";
import { chooseSessions } from "../../src/panels/Sessions/seasonChoice";
import { SeasonJobs } from "../../workers/telemetry/season/seasonJobs";
import { FEATURES, LAYOUT } from "../../workers/telemetry/features";
import { recordSession, sessionsOf } from "./seasonKit";
import { freeBuffersAsTheBrowserDoes } from "./bufferTransfer";

// Buffers the app frees once written are freed here too (Node 20 lacks transfer).
freeBuffersAsTheBrowserDoes();

/** A folder in memory, as the File System Access API shows one; `room` bytes fit in it. */
function memoryFolder(name: string, room = Infinity) {
  const files = new Map<string, Uint8Array>();
  let used = 0;
  const folder = (path: string): FolderHandle => ({
    name,
    getDirectoryHandle: async (child) => folder(`${path}${child}/`),
    getFileHandle: async (file) => {
      files.set(`${path}${file}`, new Uint8Array(0));
      return {
        createWritable: async () => {
          // As Chromium: bytes go to a swap file, shown only at close().
          let swap = new Uint8Array(0);
          return {
            write: async (data) => {
              if (used + data.length > room)
                throw new DOMException("The folder is full", "QuotaExceededError");
              used += data.length;
              swap = new Uint8Array([...swap, ...data]);
            },
            close: async () => void files.set(`${path}${file}`, swap),
            abort: async () => undefined,
          };
        },
      };
    },
    removeEntry: async (file) => void files.delete(`${path}${file}`),
  });
  return { root: folder(""), files };
}

const bytes = (...values: number[]) => new Uint8Array(values);

describe("season sinks", () => {
  it("a folder gets each file in its partition folders, whole once its last piece is in", async () => {
    const { root, files } = memoryFolder("season");
    const sink = folderSink(root);
    await sink.write("telemetry/date=2026-11-18/session=a/part-0.parquet", bytes(1, 2), false);
    await sink.write("telemetry/date=2026-11-18/session=a/part-0.parquet", bytes(3), true);
    await sink.write("laps/date=2026-11-18/session=a/part-0.parquet", bytes(9), true);
    await sink.close();
    expect(Object.fromEntries(files)).toEqual({
      "telemetry/date=2026-11-18/session=a/part-0.parquet": bytes(1, 2, 3),
      "laps/date=2026-11-18/session=a/part-0.parquet": bytes(9),
    });
    expect(sink.whole).toHaveLength(2);
  });

  it("a folder with no room keeps the whole files and removes the one being written", async () => {
    const { root, files } = memoryFolder("season", 4);
    const sink = folderSink(root);
    await sink.write("telemetry/date=2026-11-18/session=a/part-0.parquet", bytes(1, 2, 3), true);
    await sink.write("telemetry/date=2026-11-19/session=b/part-0.parquet", bytes(4), false);
    const full = sink.write("telemetry/date=2026-11-19/session=b/part-0.parquet", bytes(5), true);
    await expect(full).rejects.toMatchObject({ name: "QuotaExceededError" });
    expect(sink.open()).toEqual(["telemetry/date=2026-11-19/session=b/part-0.parquet"]);
    await sink.abort();
    expect([...files.keys()]).toEqual(["telemetry/date=2026-11-18/session=a/part-0.parquet"]);
    const text = seasonFullText({
      where: "Data/helios-season-1",
      whole: ["Monday"],
      notWritten: ["Tuesday"],
      filesWritten: sink.whole.length,
      unfinished: "telemetry/date=2026-11-19/session=b/part-0.parquet",
    });
    expect(text).toBe(
      'The folder "Data/helios-season-1" ran out of room. Written whole (1 file): "Monday". ' +
        'Not written: "Tuesday". The unfinished file telemetry/date=2026-11-19/session=b/part-0.parquet was removed. ' +
        "Free some space and export the sessions not written again.",
    );
  });

  it("a zip holds every file stored as written; an aborted one is never saved", async () => {
    const saved: Blob[] = [];
    const sink = zipSink((zip) => saved.push(zip));
    await sink.write("telemetry/date=2026-11-18/session=a/part-0.parquet", bytes(1, 2), false);
    await sink.write("notes/date=2026-11-18/session=a/part-0.parquet", bytes(7), true);
    await sink.write("telemetry/date=2026-11-18/session=a/part-0.parquet", bytes(3), true);
    await sink.close();
    expect(saved).toHaveLength(1);
    const unzipped = unzipSync(new Uint8Array(await saved[0]!.arrayBuffer()));
    expect(unzipped).toEqual({
      "telemetry/date=2026-11-18/session=a/part-0.parquet": bytes(1, 2, 3),
      "notes/date=2026-11-18/session=a/part-0.parquet": bytes(7),
    });
    const aborted = zipSink((zip) => saved.push(zip));
    await aborted.write("telemetry/x/part-0.parquet", bytes(1), false);
    await aborted.abort();
    expect(saved).toHaveLength(1);
  });
});

describe("choosing a season's sessions", () => {
  const a = recordSession("a", 1_795_000_000, 8).info;
  const b = recordSession("b", 1_795_100_000, 8).info;
  const empty = { ...recordSession("c", 1_795_200_000, 8).info, packets: 0 };

  it("all, by date range (overlapping it) or picked; a session without packets never", () => {
    expect(chooseSessions([a, b, empty], "all", null, new Set()).map((s) => s.id)).toEqual([
      "a",
      "b",
    ]);
    const range = { from: 1_795_100_001, to: 1_795_300_000 };
    expect(chooseSessions([a, b, empty], "range", range, new Set()).map((s) => s.id)).toEqual([
      "b",
    ]);
    expect(chooseSessions([a, b], "range", null, new Set())).toEqual([]);
    expect(chooseSessions([a, b], "picked", null, new Set(["a"])).map((s) => s.id)).toEqual(["a"]);
  });

  it("the worker's job refuses no sessions and hands out pieces to the end", async () => {
    const recorded = [recordSession("a", 1_795_000_000, 40)];
    const sessions = { ...sessionsOf(recorded), list: async () => recorded.map((r) => r.info) };
    const tables = () => FEATURES.flatMap((f) => (f.seasonTable ? [f.seasonTable] : []));
    const jobs = new SeasonJobs({ sessions, layout: LAYOUT, tables });
    expect(await jobs.start({ sessionIds: ["nope"], zone: "UTC" })).toEqual({
      ok: false,
      message: "None of the chosen sessions holds recorded packets.",
    });
    expect(await jobs.start({ sessionIds: ["a"], zone: "Not/AZone" })).toEqual({
      ok: true,
      sessions: 1,
      rows: 40,
    });
    const paths = new Set<string>();
    for (;;) {
      const chunk = (await jobs.next())!;
      if (chunk.done) {
        expect(chunk.rowsDone).toBe(40);
        break;
      }
      paths.add(chunk.path);
    }
    expect([...paths]).toEqual(["telemetry/date=2026-11-18/session=a/part-0.parquet"]);
    expect(await jobs.next()).toBeNull();
  });

  it("makes the next piece while the window writes one: a read that fails then is told on the next call, a cancel stops reading", async () => {
    const recorded = [recordSession("a", 1_795_000_000, 400)];
    let reads = 0;
    let failFrom = Infinity;
    const held = sessionsOf(recorded);
    const sessions = {
      ...held,
      sessionRows: async (id: string, from: number, to: number) => {
        reads++;
        if (reads >= failFrom) throw new Error("storage read failed");
        return held.sessionRows(id, from, to);
      },
      list: async () => recorded.map((r) => r.info),
    };
    const jobs = new SeasonJobs({ sessions, layout: LAYOUT, tables: () => [], partRows: 100 });
    await jobs.start({ sessionIds: ["a"], zone: "UTC" });
    const first = (await jobs.next())!;
    expect(first.done).toBe(false);
    // Spans of a quarter of a part: four filled the first part, and the
    // fifth was asked of storage before the first piece went out.
    expect(reads).toBe(5);
    failFrom = reads + 1;
    let failed: unknown = null;
    try {
      for (let i = 0; i < 100 && !(await jobs.next())?.done; i++);
    } catch (error) {
      failed = error;
    }
    expect(String(failed)).toContain("storage read failed");

    // Cancelled after one piece: nothing more is read.
    failFrom = Infinity;
    await jobs.start({ sessionIds: ["a"], zone: "UTC" });
    await jobs.next();
    await jobs.cancel();
    const readsAtCancel = reads;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBeLessThanOrEqual(readsAtCancel + 1);
    expect(await jobs.next()).toBeNull();
  });
});
