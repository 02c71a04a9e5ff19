// CSV import refuses what it would otherwise read as something else (issue 32
// item 24): numbers in another radix, a field given twice, and a size limit
// stated one way in the message and another in the docs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importCsv, MAX_IMPORT_BYTES } from "../../workers/telemetry/csv/importCsv";
import { formatMegabytes } from "../../workers/shared/megabytes";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { initialConnection } from "../../workers/telemetry/service/config";
import { exportText, storeOf } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const fresh = () => new TelemetryStore({ layout: LAYOUT, capacity: 100 });
const latest = (store: TelemetryStore) => store.snapshot(0, initialConnection()).changed;

/** An export of `rows` rows with the PackVoltage cell of row 2 (file line 3) replaced. */
function withVoltage(cell: string): string {
  const lines = exportText(storeOf(3)).trimEnd().split("\n");
  const column = lines[0]!.split(",").indexOf("Battery.PackVoltage [V]");
  const cells = lines[2]!.split(",");
  cells[column] = cell;
  lines[2] = cells.join(",");
  return lines.join("\n") + "\n";
}

describe("CSV import checks", () => {
  it.each(["0x10", "0X1F", "0b101", "0o17", " 0x10"])(
    "refuses %j as not a decimal number instead of reading it in another radix",
    async (cell) => {
      const store = fresh();
      const report = await importCsv(withVoltage(cell), store);
      expect(report.rowsImported).toBe(2);
      expect(report.failures).toEqual([
        { row: 3, reason: `Battery.PackVoltage: ${JSON.stringify(cell)} is not a decimal number` },
      ]);
      expect(store.ring.length).toBe(2);
    },
  );

  it.each([
    ["1e2", 100],
    ["+12.5", 12.5],
    ["-.5", -0.5],
    [" 42 ", 42],
  ])("reads the decimal %j as %d", async (cell, value) => {
    const store = fresh();
    const report = await importCsv(withVoltage(cell), store);
    expect(report.rowsFailed).toBe(0);
    store.showRow(1);
    expect(latest(store)["Battery.PackVoltage"]).toBeCloseTo(value, 3);
  });

  it("refuses a header with two columns for one field, naming it, instead of the last winning", async () => {
    const lines = exportText(storeOf(3)).trimEnd().split("\n");
    const width = lines[0]!.split(",").length;
    const doubled = lines.map((line, i) => `${line},${i === 0 ? "Battery.PackVoltage [V]" : 999}`);
    const store = fresh();
    const report = await importCsv(doubled.join("\n"), store);
    expect(report.ok).toBe(false);
    const column = lines[0]!.split(",").indexOf("Battery.PackVoltage [V]") + 1;
    expect(report.message).toBe(
      `The header has more than one column for Battery.PackVoltage (columns ${column} "Battery.PackVoltage [V]" and ${width + 1} "Battery.PackVoltage [V]"); keep one of each so it is clear which values to import.`,
    );
    expect(store.ring.length).toBe(0);
  });

  it("states the size limit as the docs do", async () => {
    const limit = formatMegabytes(MAX_IMPORT_BYTES);
    const docs = readFileSync(new URL("../../docs/using.md", import.meta.url), "utf8");
    expect(docs).toContain(`Files over ${limit}`);
    const tooBig = { size: MAX_IMPORT_BYTES + 1 } as Blob;
    const report = await importCsv(tooBig, fresh(), { fileName: "big.csv" });
    expect(report.message).toBe(
      `big.csv is ${limit}; the largest CSV Helios imports is ${limit}. Export a shorter time range or a lower resolution.`,
    );
    expect(limit).toBe("256 MB");
  });
});

// Issue 58 item 17: a 30 MB file with an unclosed quote in row 2 reported
// "Imported 1 of 1 rows": papaparse read the rest of the file into that cell.
describe("a quote that never closes", () => {
  /**
   * An export of `rows` rows (string cells unquoted, the title last) whose row
   * `cutRow` opens a quote it never closes: the rest of the file fits in that
   * text cell, so the row alone looked whole.
   */
  function withUnclosedQuote(rows: number, cutRow: number): string {
    const lines = exportText(storeOf(rows)).trimEnd().split("\n");
    const title = lines[0]!.split(",").findIndex((name) => name.startsWith("Title"));
    const titleLast = lines.map((line, i) => {
      const cells = (i === 0 ? line : line.replaceAll('"', "")).split(",");
      return [...cells.slice(0, title), ...cells.slice(title + 1), cells[title]].join(",");
    });
    titleLast[cutRow - 1] = titleLast[cutRow - 1]!.replace(/Helios$/, '"Helios');
    return titleLast.join("\n") + "\n";
  }

  it("says the file is cut at that row and why, and imports nothing from it on", async () => {
    const store = fresh();
    const report = await importCsv(withUnclosedQuote(40, 2), store, {
      fileName: "day.csv",
      chunkBytes: 777,
    });
    expect(report).toMatchObject({ ok: false, rowsRead: 1, rowsImported: 0, rowsFailed: 1 });
    expect(report.message).toBe(
      "day.csv is cut at row 2: a quote opens a cell there and is never closed, so that row " +
        "and everything after it read as one cell and were not imported. Nothing was imported.",
    );
    expect(report.failures).toEqual([{ row: 2, reason: expect.stringMatching(/never closed/) }]);
    expect(store.ring.length).toBe(0);
  });

  it("keeps the rows before it, and says how many", async () => {
    const text = withUnclosedQuote(40, 5);
    const store = fresh();
    const report = await importCsv(text, store, { fileName: "day.csv", chunkBytes: 777 });
    expect(report).toMatchObject({ ok: true, rowsRead: 4, rowsImported: 3, rowsFailed: 1 });
    expect(report.message).toMatch(
      /^day\.csv is cut at row 5: .* Imported 3 of the 3 rows before it\.$/,
    );
    expect(store.ring.length).toBe(3);
    store.showRow(2);
    expect(latest(store)["Battery.PackVoltage"]).toBeCloseTo(100 + 2 * 0.1234, 3);
  });
});
