import { FIELD_CATALOG } from "../../workers/telemetry/schema/fields";
import { describe, expect, it } from "vitest";
import { importCsv } from "../../workers/telemetry/csv/importCsv";
import { completeLinesEnd } from "../../workers/telemetry/csv/textChunks";
import { CsvJobs } from "../../workers/telemetry/service/csvJobs";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { initialConnection } from "../../workers/telemetry/service/config";
import { EVERYTHING, exportText, storeOf } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const fresh = () => new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
const latest = (store: TelemetryStore) => store.snapshot(0, initialConnection()).changed;

describe("CSV import", () => {
  it("round trip: export → import → export gives an identical file (metric and imperial)", async () => {
    const source = storeOf(40, (p, i) => {
      if (i === 3) p.Title = '=cmd "quoted", text';
    });
    // The packet's fields round-trip exactly; math channels are computed
    // again from them (the next test), not read back.
    const fields = FIELD_CATALOG.map((f) => f.path);
    for (const units of ["metric", "imperial"] as const) {
      const first = exportText(source, { units, fields });
      const target = fresh();
      const report = await importCsv(exportText(source, { units }), target, {
        fileName: "a.csv",
        chunkBytes: 4096,
      });
      expect(report).toMatchObject({ ok: true, rowsRead: 40, rowsImported: 40, rowsFailed: 0 });
      expect(exportText(target, { units, fields })).toBe(first);
    }
    const raw = exportText(source, { values: "raw", timeColumns: false });
    const target = fresh();
    await importCsv(raw, target);
    expect(exportText(target, { values: "raw", timeColumns: false })).toBe(raw);
  });

  it("computes math channels again from the imported fields, whatever the file's columns say", async () => {
    const text = exportText(storeOf(5), { values: "raw", timeColumns: false });
    const [header, ...rows] = text.trimEnd().split("\n");
    const power = header!.split(",").indexOf("Derived.PackPower");
    const edited = rows.map((row) => {
      const cells = row.split(",");
      cells[power] = "12345"; // not what volts × amps give
      return cells.join(",");
    });
    const target = fresh();
    const report = await importCsv([header, ...edited].join("\n") + "\n", target);
    expect(report.notes.join(" ")).toMatch(/Computed \d+ math channel\(s\) again/);
    const values = latest(target);
    expect(values["Derived.PackPower"]).toBeCloseTo(
      Math.fround(values["Battery.PackVoltage"] as number) *
        Math.fround(values["Battery.PackCurrent"] as number),
      6,
    );
  });

  it("converts header units back to metric", async () => {
    const target = fresh();
    const report = await importCsv(exportText(storeOf(1), { units: "imperial" }), target);
    expect(report.notes.join(" ")).toMatch(/Converted .*°F.* back to metric/);
    expect(latest(target)["MotorDetails0.MotorTemperature"]).toBeCloseTo(21.37, 1); // °F kept to 2 decimals
    expect(latest(target)["MotorDetails0.VehicleVelocity"]).toBeCloseTo(12.5, 3);
  });

  it("reads the reference helper's format: dotted headers, wire values, no time columns", async () => {
    const target = fresh();
    const report = await importCsv(
      exportText(storeOf(5), { values: "raw", timeColumns: false }),
      target,
    );
    expect(report.ok).toBe(true);
    expect(latest(target)["Pi.Rfid"]).toBe("TAG-4");
    expect(latest(target)["B3.BrakeSwitchDigital"]).toBe(false);
  });

  it("counts failing rows with their row numbers and reasons, keeps the good ones", async () => {
    const lines = exportText(storeOf(30)).trimEnd().split("\n");
    const header = lines[0]!.split(",");
    const volts = header.indexOf("Battery.PackVoltage [V]");
    const brake = header.indexOf("B3.BrakeSwitchDigital");
    const broken = lines.map((line, i) => {
      if (i === 0 || i % 2 === 1) return line;
      const cells = line.split(",");
      cells[i % 4 === 0 ? volts : brake] = i % 4 === 0 ? "abc" : "maybe";
      return cells.join(",");
    });
    const report = await importCsv(broken.join("\n") + "\n", fresh());
    expect(report.rowsRead).toBe(30);
    expect(report.rowsFailed).toBe(15);
    expect(report.rowsImported).toBe(15);
    expect(report.failures).toHaveLength(15);
    // File line i+1 is row i+1 (header = row 1).
    expect(report.failures[0]).toEqual({
      row: 3,
      reason: 'B3.BrakeSwitchDigital: "maybe" is not true/false',
    });
    expect(report.failures[1]).toEqual({
      row: 5,
      reason: "Battery.PackVoltage [V]".replace(" [V]", "") + ': "abc" is not a decimal number',
    });
  });

  it("shows at most the first 20 failures but counts all", async () => {
    const lines = exportText(storeOf(40)).trimEnd().split("\n");
    const bad = [lines[0], ...lines.slice(1).map((l) => l.replace(/,true,|,false,/, ",x,"))];
    const report = await importCsv(bad.join("\n"), fresh());
    expect(report.ok).toBe(false);
    expect(report.rowsFailed).toBe(40);
    expect(report.failures).toHaveLength(20);
    expect(report.message).toMatch(/None of the 40 rows/);
  });

  it("handles BOM, CRLF and semicolon-separated files", async () => {
    const text = exportText(storeOf(4));
    const bom = await importCsv("\uFEFF" + text, fresh());
    expect(bom).toMatchObject({ ok: true, rowsImported: 4 });
    expect(bom.notes.join(" ")).toMatch(/BOM/);
    const crlf = await importCsv(text.replaceAll("\n", "\r\n"), fresh(), { chunkBytes: 1000 });
    expect(crlf).toMatchObject({ ok: true, rowsImported: 4, rowsFailed: 0 });
    const semi = fresh();
    const semicolon = text.replaceAll(",", ";").replace(/(\d)\.(\d)/g, "$1,$2");
    const report = await importCsv(semicolon, semi);
    expect(report).toMatchObject({ ok: true, rowsImported: 4, rowsFailed: 0 });
    expect(report.notes.join(" ")).toMatch(/separated by ";"/);
    expect(latest(semi)["Battery.PackVoltage"]).toBeCloseTo(100.37, 2);
  });

  it("refuses bad files with a clear message and never throws", async () => {
    const cases: [string | Blob, RegExp][] = [
      ["", /is empty/],
      ["just some words\nnothing here\n", /No Helios telemetry columns/],
      ['{"B3": {"Acceleration": 1}}', /looks like JSON/],
      [new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2])]), /not a text file/],
      ["Battery.PackVoltage [V],TimeStamp [s]\n1,2\n", /lacks 314 of the packet's 316 fields/],
      ["Battery.PackVoltage [kV]\n1\n", /Units this field cannot have: Battery.PackVoltage \[kV\]/],
      [exportText(storeOf(1)).split("\n")[0]! + "\n", /header but no data rows/],
    ];
    for (const [input, message] of cases) {
      const store = fresh();
      const report = await importCsv(input, store, { fileName: "f.csv" });
      expect(report.ok).toBe(false);
      expect(report.message).toMatch(message);
      expect(store.counters().historyLength).toBe(0);
    }
  });

  it("refuses a 1 GB file by its size before reading it", async () => {
    let read = false;
    const huge = {
      size: 1024 ** 3,
      slice: () => {
        read = true;
        throw new Error("must not read");
      },
    } as unknown as Blob;
    const report = await importCsv(huge, fresh(), { fileName: "big.csv" });
    expect(report.ok).toBe(false);
    expect(report.message).toBe(
      "big.csv is 1.0 GB; the largest CSV Helios imports is 256 MB. Export a shorter time range or a lower resolution.",
    );
    expect(read).toBe(false);
  });

  it("ignores unknown columns, noting them", async () => {
    const lines = exportText(storeOf(3)).trimEnd().split("\n");
    const withExtra = lines.map((l, i) => (i === 0 ? `${l},Extra` : `${l},1`)).join("\n");
    const report = await importCsv(withExtra, fresh());
    expect(report.notes.join(" ")).toMatch(/Ignored 1 unknown column\(s\): Extra/);
    expect(report).toMatchObject({ ok: true, rowsImported: 3, rowsFailed: 0 });
  });

  it("reads quoted cells with commas, quotes and newlines across read pieces", async () => {
    const store = storeOf(6, (p, i) => (p.Title = i === 2 ? 'two\nlines, and "quotes"' : "Helios"));
    const text = exportText(store);
    const target = fresh();
    const report = await importCsv(text, target, { chunkBytes: 777 });
    expect(report).toMatchObject({ rowsImported: 6, rowsFailed: 0 });
    expect(exportText(target)).toBe(text);
  });

  it("finds the last line end outside quotes", () => {
    expect(completeLinesEnd('a,b\n"x\ny",1\n"open\n')).toBe(12);
    expect(completeLinesEnd("no newline")).toBe(0);
  });

  it("stops when cancelled: nothing more is read, the report says so", async () => {
    const text = exportText(storeOf(200));
    const abort = new AbortController();
    let calls = 0;
    const report = await importCsv(text, fresh(), {
      chunkBytes: 8192,
      signal: abort.signal,
      onProgress: () => {
        if (++calls === 2) abort.abort();
      },
    });
    expect(report.ok).toBe(false);
    expect(report.message).toBe("Import cancelled.");
    expect(report.rowsRead).toBeGreaterThan(0);
    expect(report.rowsRead).toBeLessThan(200);
  });

  it("CsvJobs: a cancelled export hands out no more chunks", () => {
    const jobs = new CsvJobs(LAYOUT);
    const start = jobs.startExport(storeOf(30), EVERYTHING, "DEMO");
    expect(start).toMatchObject({ ok: true, rows: 30 });
    expect(jobs.progress).toMatchObject({ kind: "export", done: 0, total: 30 });
    expect(jobs.nextChunk()).not.toBeNull();
    jobs.cancel();
    expect(jobs.nextChunk()).toBeNull();
    expect(jobs.progress.kind).toBeNull();
  });
});
