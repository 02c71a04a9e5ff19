import { afterEach, describe, expect, it } from "vitest";
import type { CsvExportRequest } from "../../workers/contract/csv";
import { ParquetExporter } from "../../workers/telemetry/parquet/ParquetExporter";
import { CsvJobs } from "../../workers/telemetry/service/csvJobs";
import { needsFloat64 } from "../../workers/telemetry/history/precision";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { EVERYTHING, T0, TIME_FIELD, exportText, packet, storeOf } from "./csv-helpers";
import { bytesOf, openParquet, type ParquetFile } from "./parquet-read";
import { LAYOUT } from "../../workers/telemetry/features";
import { freeBuffersAsTheBrowserDoes } from "./bufferTransfer";

// Buffers the app frees once written are freed here too (Node 20 lacks transfer).
freeBuffersAsTheBrowserDoes();

const PARQUET: CsvExportRequest = { ...EVERYTHING, format: "parquet" };
let open: ParquetFile[] = [];
afterEach(() => {
  for (const file of open) file.close();
  open = [];
});

async function exportThroughJob(store: TelemetryStore, request: Partial<CsvExportRequest> = {}) {
  const jobs = new CsvJobs(LAYOUT);
  const start = jobs.startExport(store, { ...PARQUET, ...request }, "DEMO");
  if (!start.ok) throw new Error(start.message);
  const chunks: Blob[] = [];
  const progress: number[] = [];
  for (;;) {
    const chunk = jobs.nextChunk()!;
    chunks.push(chunk.data);
    progress.push(chunk.rowsDone);
    if (chunk.done) break;
  }
  const file = await openParquet(await bytesOf(chunks));
  open.push(file);
  return { start, file, chunks, progress };
}

async function exportDirect(
  store: TelemetryStore,
  sizes: { groupRows: number; cellsPerPiece: number },
) {
  const exporter = new ParquetExporter(store.ring, PARQUET, "DEMO", sizes);
  const parts: Uint8Array[] = [];
  while (!exporter.done) parts.push(exporter.nextChunk());
  const file = await openParquet(await bytesOf(parts.map((p) => new Blob([p as BlobPart]))));
  open.push(file);
  return file;
}

/** Sets a gap (NaN, as a math channel's division by zero leaves) in stored rows. */
function gap(store: TelemetryStore, path: string, rows: number[]): void {
  const slot = LAYOUT.storedFieldSlot(path)!;
  for (const row of rows) store.ring.setNumber(store.ring.physical(row), slot.index, NaN);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

describe("Parquet export read back by DuckDB", () => {
  it("every field typed as stored: FLOAT, DOUBLE, BOOLEAN, VARCHAR and TimeStamp a UTC timestamp", async () => {
    const { start, file } = await exportThroughJob(storeOf(50));
    expect(start).toMatchObject({ ok: true, rows: 50, columns: LAYOUT.storeCatalog().length });
    expect(start.ok && start.fileName).toMatch(/^helios-demo-\d{8}T\d{6}Z-\d{8}T\d{6}Z\.parquet$/);
    const described = await file.query(`DESCRIBE SELECT * FROM ${file.table}`);
    const types = new Map(described.map((r) => [r.column_name, r.column_type]));
    expect([...types.keys()]).toEqual(LAYOUT.storeCatalog().map((f) => f.path));
    for (const info of LAYOUT.storeCatalog()) {
      const expected =
        info.path === "TimeStamp"
          ? "TIMESTAMP WITH TIME ZONE"
          : info.type === "boolean"
            ? "BOOLEAN"
            : info.type === "string"
              ? "VARCHAR"
              : // channels and the lap energy totals are Float64
                needsFloat64(info.path) || info.group === "Math" || info.group === "Energy"
                ? "DOUBLE"
                : "FLOAT";
      expect(`${info.path} ${String(types.get(info.path))}`).toBe(`${info.path} ${expected}`);
    }
    const units = await file.query(
      `SELECT decode(value) AS units FROM parquet_kv_metadata('${file.path}') WHERE decode(key) = 'helios.units'`,
    );
    expect(JSON.parse(String(units[0]!.units))).toMatchObject({
      "Battery.PackVoltage": "V",
      "Derived.PackPower": "W",
      Title: "",
    });
  });

  it("gives back every value of every column, row for row, with gaps as NULL", async () => {
    const rows = 3000;
    const store = storeOf(rows, (p, i) => {
      p.Battery.PackCurrent = Math.sin(i) * 40;
      p.Telemetry.GpsLatitude = -34.123456789 + i * 1e-7;
      p.Pi.Rfid = i % 7 === 0 ? "" : `TAG-ü-${i % 13}`;
    });
    gap(store, "Battery.PackVoltage", [0, 17, 2999]);
    gap(store, "Derived.PackPower", [5]);
    const { file, progress } = await exportThroughJob(store);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(rows);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const [count] = await file.query(
      `SELECT count(*)::INTEGER AS n, count("Battery.PackVoltage")::INTEGER AS voltages,
              count("Derived.PackPower")::INTEGER AS powers FROM ${file.table}`,
    );
    expect(count).toEqual({ n: rows, voltages: rows - 3, powers: rows - 1 });

    const read = await file.query(
      `SELECT epoch_us("TimeStamp")::BIGINT AS micros, * EXCLUDE ("TimeStamp") FROM ${file.table}`,
    );
    const ring = store.ring;
    const mismatches: string[] = [];
    read.forEach((cells, row) => {
      const slot = ring.physical(row);
      const micros = Math.round(ring.numberAtSlot(slot, TIME_FIELD) * 1e6);
      if (Number(cells.micros) !== micros)
        mismatches.push(`row ${row} TimeStamp ${String(cells.micros)} ≠ ${micros}`);
      for (const info of LAYOUT.storeCatalog()) {
        if (info.path === "TimeStamp") continue;
        const s = LAYOUT.storedFieldSlot(info.path)!;
        const stored =
          s.kind === "number"
            ? ring.numberAtSlot(slot, s.index)
            : s.kind === "boolean"
              ? ring.booleanAtSlot(slot, s.index)
              : ring.stringAtSlot(slot, s.index);
        const expected = typeof stored === "number" && Number.isNaN(stored) ? null : stored;
        if (cells[info.path] !== expected && mismatches.length < 5)
          mismatches.push(
            `row ${row} ${info.path}: ${String(cells[info.path])} ≠ ${String(expected)}`,
          );
      }
    });
    expect(mismatches).toEqual([]);
    expect(read).toHaveLength(rows);
    expect(read[17]!["Battery.PackVoltage"]).toBeNull();
    expect(read[18]!["Battery.PackVoltage"]).toBeCloseTo(100 + 18 * 0.1234, 4);
  });

  it("writes the same rows and fields as the CSV export for a range, resampling and a field choice", async () => {
    const store = storeOf(400);
    const request: Partial<CsvExportRequest> = {
      fields: ["Battery.PackVoltage", "Title", "B3.BrakeSwitchDigital", "Nope.Unknown"],
      from: T0 + 10,
      to: T0 + 60,
      perSecond: 2,
    };
    const csvLines = exportText(store, request).trimEnd().split("\n").slice(1);
    const { file } = await exportThroughJob(store, request);
    const described = await file.query(`DESCRIBE SELECT * FROM ${file.table}`);
    expect(described.map((r) => r.column_name)).toEqual([
      "TimeStamp",
      "Battery.PackVoltage",
      "Title",
      "B3.BrakeSwitchDigital",
    ]);
    const times = await file.query(`SELECT epoch_ms("TimeStamp")::BIGINT AS ms FROM ${file.table}`);
    const csvTimes = csvLines.map((line) => Number(line.split(",")[1]));
    expect(times.map((r) => Number(r.ms))).toEqual(csvTimes);
    expect(times.length).toBeGreaterThan(50);
  });

  it("keeps rows and values across several row groups written in pieces", async () => {
    const store = storeOf(2500, (p, i) => (p.Battery.PackCurrent = i));
    const file = await exportDirect(store, { groupRows: 1000, cellsPerPiece: 40_000 });
    const groups = await file.query(
      `SELECT count(DISTINCT row_group_id)::INTEGER AS groups, max(num_values)::INTEGER AS most
         FROM parquet_metadata('${file.path}')`,
    );
    expect(groups[0]).toEqual({ groups: 3, most: 1000 });
    const [sums] = await file.query(
      `SELECT count(*)::INTEGER AS n, sum(${quoted("Battery.PackCurrent")})::DOUBLE AS total,
              min(${quoted("Pi.Rfid")}) AS first FROM ${file.table}`,
    );
    expect(sums).toEqual({ n: 2500, total: (2499 * 2500) / 2, first: "TAG-0" });
  });

  it("writes exactly the rows chosen, row group by row group, though a full history overwrites them meanwhile", async () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    for (let i = 0; i < 150; i++) store.ingest(packet(i), "DEMO"); // full: packets 50..149
    const exporter = new ParquetExporter(
      store.ring,
      { ...PARQUET, fields: ["Battery.PackCurrent", "Pi.Rfid", "B3.BrakeSwitchDigital"] },
      "DEMO",
      { groupRows: 16, cellsPerPiece: 32 },
    );
    const parts: Blob[] = [];
    // Live packets arrive between pieces: each moves every row and drops the oldest.
    for (let i = 150; !exporter.done; i += 30) {
      parts.push(new Blob([exporter.nextChunk()]));
      for (let k = i; k < i + 30; k++) store.ingest(packet(k), "DEMO");
    }
    const file = await openParquet(await bytesOf(parts));
    open.push(file);
    const read = await file.query(
      `SELECT epoch_ms("TimeStamp")::BIGINT AS ms, "Battery.PackCurrent" AS amps,
              "Pi.Rfid" AS tag, "B3.BrakeSwitchDigital" AS brake FROM ${file.table}`,
    );
    const packets = Array.from({ length: 100 }, (_, k) => 50 + k);
    expect(read).toEqual(
      packets.map((i) => ({
        ms: BigInt(Math.round((T0 + i * 0.25) * 1000)),
        amps: -3.5 + i,
        tag: `TAG-${i}`,
        brake: i % 2 === 1,
      })),
    );
  });

  it("writes booleans of a short row group (16 rows or fewer) as they are", async () => {
    const store = storeOf(5);
    const file = await exportDirect(store, { groupRows: 3, cellsPerPiece: 1000 });
    const read = await file.query(`SELECT "B3.BrakeSwitchDigital" AS brake FROM ${file.table}`);
    expect(read.map((r) => r.brake)).toEqual([false, true, false, true, false]);
  });

  it("an empty range gives a valid file with the columns and no rows", async () => {
    const { file, start } = await exportThroughJob(storeOf(10), { from: T0 + 1000, to: T0 + 2000 });
    expect(start).toMatchObject({ ok: true, rows: 0 });
    expect(await file.query(`SELECT count(*)::INTEGER AS n FROM ${file.table}`)).toEqual([
      { n: 0 },
    ]);
  });
});
