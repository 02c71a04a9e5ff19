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
