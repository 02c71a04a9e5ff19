import { afterEach, describe, expect, it } from "vitest";
import { DuckDBInstance } from "@duckdb/node-api";
import type { SessionEvent } from "../../workers/contract/events";
import { FEATURES, LAYOUT } from "../../workers/telemetry/features";
import { SeasonExport } from "../../workers/telemetry/season/SeasonExport";
import { writeSeason } from "../../workers/telemetry/season/writeSeason";
import { energyBetween } from "../../workers/telemetry/laps/analysis/lapEnergy";
import { ParquetExporter } from "../../workers/telemetry/parquet/ParquetExporter";
import { EVERYTHING } from "./csv-helpers";
import { openParquet } from "./parquet-read";
import { lapOf, recordSession, sessionsOf, tempSink } from "./seasonKit";
import { freeBuffersAsTheBrowserDoes } from "./bufferTransfer";

const DAY1 = Date.UTC(2026, 10, 18, 15, 0) / 1000; // 2026-11-18 15:00 UTC
const DAY2 = Date.UTC(2026, 10, 19, 16, 30) / 1000;
const TABLES = FEATURES.flatMap((f) => (f.seasonTable ? [f.seasonTable] : []));

// The export frees each span's buffers once its rows are copied (as in the browser).
freeBuffersAsTheBrowserDoes();

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function twoDays() {
  const a = recordSession("mk1a-first", DAY1, 700);
  const b = recordSession("mk1b-second", DAY2, 450);
  a.laps = [lapOf(a, 20, 260), lapOf(a, 260, 612)];
  b.laps = [lapOf(b, 5, 301)];
  const note = {
    id: "n1",
    from: DAY2 + 10,
    to: null,
    text: "driver swap",
    tags: ["pit"],
    colour: "blue",
    window: "Window 1",
    editedAt: 1,
  };
  b.events = [{ kind: "note", time: note.from, note } as unknown as SessionEvent];
  return [a, b];
}

async function duck() {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  cleanups.push(() => {
    connection.closeSync();
    instance.closeSync();
  });
  return async (sql: string) =>
    (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
}

async function written(partRows = 128) {
  const recorded = twoDays();
  const sink = tempSink();
  cleanups.push(() => sink.dispose());
  const season = new SeasonExport(
    sessionsOf(recorded),
    recorded.map((r) => r.info),
    { layout: LAYOUT, tables: TABLES, zone: "America/Chicago", partRows },
  );
  await writeSeason(season, sink);
  const table = (name: string) =>
    `read_parquet('${sink.dir}/${name}/**/*.parquet', hive_partitioning = true)`;
  return { recorded, sink, season, table };
}

describe("a season's dataset read by DuckDB", () => {
  it("lays out two sessions on two days as Hive partitions, with laps and notes beside", async () => {
    const { sink, season } = await written();
    const files = sink.files();
    expect(files.every((f) => !f.endsWith(".partial"))).toBe(true);
    expect(files).toContain("telemetry/date=2026-11-18/session=mk1a-first/part-0.parquet");
    expect(files).toContain("telemetry/date=2026-11-18/session=mk1a-first/part-5.parquet");
    expect(files).toContain("telemetry/date=2026-11-19/session=mk1b-second/part-3.parquet");
    expect(files).toContain("laps/date=2026-11-18/session=mk1a-first/part-0.parquet");
    expect(files).toContain("laps/date=2026-11-19/session=mk1b-second/part-0.parquet");
    expect(files).toContain("notes/date=2026-11-19/session=mk1b-second/part-0.parquet");
    // Session A has no notes: no empty file for it.
    expect(files.some((f) => f.startsWith("notes/date=2026-11-18"))).toBe(false);
    expect(season.rowsDone).toBe(1150);
    expect(season.rowsTotal).toBe(1150);
  });

  it("reads the partitions as columns, every row once, typed as a Parquet export", async () => {
    const { recorded, table } = await written();
    const query = await duck();
    const counts = await query(
      `SELECT CAST(date AS VARCHAR) AS date, session, count(*)::INTEGER AS n,
              count(DISTINCT TimeStamp)::INTEGER AS times
       FROM ${table("telemetry")} GROUP BY ALL ORDER BY date`,
    );
    expect(counts).toEqual([
      { date: "2026-11-18", session: "mk1a-first", n: 700, times: 700 },
      { date: "2026-11-19", session: "mk1b-second", n: 450, times: 450 },
    ]);
    const types = await query(`DESCRIBE SELECT * FROM ${table("telemetry")}`);
    const typeOf = new Map(types.map((r) => [r.column_name, r.column_type]));
    expect(typeOf.get("date")).toBe("DATE");
    expect(typeOf.get("session")).toBe("VARCHAR");
    // The same columns and types as one session's Parquet export.
    const exporter = new ParquetExporter(
      recorded[0]!.store.ring,
      { ...EVERYTHING, format: "parquet" },
      "DEMO",
    );
    const parts: Uint8Array[] = [];
    while (!exporter.done) parts.push(exporter.nextChunk());
    const one = await openParquet(
      new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer()),
    );
    cleanups.push(() => one.close());
    const expected = await one.query(`DESCRIBE SELECT * FROM ${one.table}`);
    expect(types.slice(0, -2).map((r) => [r.column_name, r.column_type])).toEqual(
      expected.map((r) => [r.column_name, r.column_type]),
    );
  });

  it("gives each lap the energy the app's lap table gives it, from the rows across parts", async () => {
    const { recorded, table } = await written();
    const query = await duck();
    // docs/using.md's query: a lap's pack energy is the running total's difference over it.
    const laps = await query(
      `SELECT l.session, l.lap,
              arg_max(t."Energy.PackOutTotal", t.TimeStamp)
                - arg_min(t."Energy.PackOutTotal", t.TimeStamp) AS pack_out_wh
       FROM ${table("laps")} l
       JOIN ${table("telemetry")} t
         ON t.session = l.session
        AND epoch(t.TimeStamp) BETWEEN l.start_epoch_s AND l.end_epoch_s
       GROUP BY ALL ORDER BY l.session, l.lap`,
    );
    const app = recorded.flatMap((r) =>
      r.laps.map((lap, i) => ({
        session: r.info.id,
        lap: i + 1,
        pack_out_wh: energyBetween(r.store.ring, lap.endMs / 1000 - lap.lapTime, lap.endMs / 1000)!
          .packOutWh,
      })),
    );
    expect(laps.map((l) => [l.session, l.lap])).toEqual(app.map((l) => [l.session, l.lap]));
    laps.forEach((lap, i) => {
      expect(lap.pack_out_wh as number).toBeGreaterThan(0);
      expect(lap.pack_out_wh as number).toBeCloseTo(app[i]!.pack_out_wh, 6);
    });
    const notes = await query(`SELECT session, text, tags FROM ${table("notes")}`);
    expect(notes).toEqual([{ session: "mk1b-second", text: "driver swap", tags: "pit" }]);
  });
});

describe("a season's memory", () => {
  it("frees each span read from storage once its rows are copied, and still writes every row", async () => {
    const recorded = twoDays();
    const given: ArrayBuffer[] = [];
    const sessions = sessionsOf(recorded);
    const read = sessions.sessionRows.bind(sessions);
    sessions.sessionRows = async (id, from, to) => {
      const slices = await read(id, from, to);
      given.push(...slices.map((rows) => rows.data));
      return slices;
    };
    const sink = tempSink();
    cleanups.push(() => sink.dispose());
    const infos = recorded.map((r) => r.info);
    const options = { layout: LAYOUT, tables: [], zone: "America/Chicago" as const, partRows: 64 };
    const season = new SeasonExport(sessions, infos, options);
    await writeSeason(season, sink);
    expect(given.length).toBeGreaterThan(10);
    expect(given.filter((buffer) => buffer.byteLength > 0)).toEqual([]);
    const sql = await duck();
    const [back] = await sql(
      `SELECT count(*)::INTEGER AS n FROM read_parquet('${sink.dir}/telemetry/**/*.parquet')`,
    );
    expect(back).toEqual({ n: 700 + 450 });
  });
});

describe("a season's export given up", () => {
  it("Cancel leaves only whole files: the part being written is removed", async () => {
    const recorded = twoDays();
    const sink = tempSink();
    cleanups.push(() => sink.dispose());
    const season = new SeasonExport(
      sessionsOf(recorded),
      recorded.map((r) => r.info),
      // Small pieces: a part takes several writes, so Cancel lands inside one.
      { layout: LAYOUT, tables: TABLES, zone: "UTC", partRows: 128 },
    );
    const abort = new AbortController();
    const counting = {
      ...sink,
      write: async (path: string, bytes: Uint8Array<ArrayBuffer>, last: boolean) => {
        await sink.write(path, bytes, last);
        // Cancel on the first piece of the second part: the first is whole by then.
        if (path.endsWith("part-1.parquet") && !last) abort.abort();
      },
    };
    await expect(writeSeason(season, counting, abort.signal)).rejects.toThrow();
    const files = sink.files();
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith(".partial"))).toEqual([]);
    // What is left reads whole.
    const query = await duck();
    const rows = await query(
      `SELECT count(*)::INTEGER AS n FROM read_parquet('${sink.dir}/telemetry/**/*.parquet')`,
    );
    expect(rows[0]!.n).toBe(files.length * 128);
  });
});

describe("the features' tables in a season", () => {
  it("each has a folder of its own beside the telemetry's, a plain path segment", () => {
    const names = TABLES.map((t) => t.name);
    expect(names.sort()).toEqual(["laps", "notes"]);
    expect(new Set([...names, "telemetry"]).size).toBe(names.length + 1);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
