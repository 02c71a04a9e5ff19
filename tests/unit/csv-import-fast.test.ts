// The import's fast path (cells checked per column, written into typed
// columns) against its fallback (packet rebuilt and validated by the schema).
import { afterEach, describe, expect, it, vi } from "vitest";
import { StringPool } from "../../workers/telemetry/csv/csvCells";
import { importCsv } from "../../workers/telemetry/csv/importCsv";
import { completeLinesEnd } from "../../workers/telemetry/csv/textChunks";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { STRING_FIELDS } from "../../workers/telemetry/schema/fields";
import { telemetryPacketSchema } from "../../workers/telemetry/schema/packetSchema";
import { initialConnection } from "../../workers/telemetry/service/config";
import { exportText, storeOf } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const fresh = () => new TelemetryStore({ layout: LAYOUT, capacity: 1000 });
const latest = (store: TelemetryStore) => store.snapshot(0, initialConnection()).changed;

/** The export of `count` packets with cell `column` of data row `row` (1-based) replaced. */
function withCell(count: number, column: string, edits: Record<number, string>): string {
  const lines = exportText(storeOf(count)).trimEnd().split("\n");
  const at = lines[0]!.split(",").indexOf(column);
  expect(at).toBeGreaterThanOrEqual(0);
  return (
    lines
      .map((line, i) => {
        if (edits[i] === undefined) return line;
        const cells = line.split(",");
        cells[at] = edits[i]!;
        return cells.join(",");
      })
      .join("\n") + "\n"
  );
}

afterEach(() => vi.restoreAllMocks());

describe("CSV import: per-column fast path", () => {
  it("stores rows without building packets or running the packet schema", async () => {
    const cleanText = exportText(storeOf(50));
    const text = withCell(6, "Battery.PackVoltage [V]", { 2: "abc", 6: "0x10" });
    const safeParse = vi.spyOn(telemetryPacketSchema, "safeParse");
    const clean = await importCsv(cleanText, fresh());
    expect(clean).toMatchObject({ ok: true, rowsImported: 50, rowsFailed: 0 });
    expect(safeParse).not.toHaveBeenCalled();

    // A cell that is no decimal number fails the row before any packet is
    // built; a hex number too (0x10 is not read as 16).
    const store = fresh();
    const report = await importCsv(text, store);
    expect(report).toMatchObject({ rowsRead: 6, rowsImported: 4, rowsFailed: 2 });
    expect(report.failures).toEqual([
      { row: 3, reason: 'Battery.PackVoltage: "abc" is not a decimal number' },
      { row: 7, reason: 'Battery.PackVoltage: "0x10" is not a decimal number' },
    ]);
    expect(safeParse).not.toHaveBeenCalled();
    expect(latest(store)["Battery.PackVoltage"]).not.toBe(16);
  });

  it("a value its 32-bit column cannot hold gets the store's reason and row number", async () => {
    const text = withCell(4, "Battery.PackVoltage [V]", { 3: "1e39" });
    const store = fresh();
    const safeParse = vi.spyOn(telemetryPacketSchema, "safeParse");
    const report = await importCsv(text, store);
    expect(safeParse).toHaveBeenCalledTimes(1); // that row only, rebuilt and validated
    expect(report).toMatchObject({ rowsImported: 3, rowsFailed: 1 });
    expect(report.failures).toEqual([
      {
        row: 4,
        reason: "Battery.PackVoltage: 1e+39 is beyond ±3.4e38, the range of its 32-bit column",
      },
    ]);
    expect(store.ring.length).toBe(3);
  });

  it("tells an empty cell (missing value) from 0", async () => {
    const text = withCell(3, "Battery.PackCurrent [A]", { 1: "", 3: "0" });
    const store = fresh();
    const report = await importCsv(text, store);
    expect(report.failures).toEqual([{ row: 2, reason: "Battery.PackCurrent: empty" }]);
    expect(report.rowsImported).toBe(2);
    expect(latest(store)["Battery.PackCurrent"]).toBe(0);
  });

  it("reads a row longer than one papaparse piece (64 KB) whole", async () => {
    const long = "L".repeat(100_000);
    const source = storeOf(3, (p, i) => (p.Title = i === 1 ? long : "Helios"));
    const text = exportText(source);
    const store = fresh();
    const report = await importCsv(text, store);
    expect(report).toMatchObject({ rowsImported: 3, rowsFailed: 0 });
    expect(store.ring.stringAtSlot(store.ring.physical(1), STRING_FIELDS.indexOf("Title"))).toBe(
      long,
    );
    expect(exportText(store)).toBe(text);
  });

  it("keeps one copy per distinct string cell", () => {
    const pool = new StringPool();
    const a = pool.get("Helios race day 1".slice(0));
    const b = pool.get(["Helios", "race", "day", "1"].join(" "));
    expect(b).toBe(a);
    expect(pool.get("other")).toBe("other");
  });

  it("finds the last line end outside quotes quickly when quotes are balanced", () => {
    expect(completeLinesEnd('"a,b",1\n"c",2\n"d')).toBe(14);
    expect(completeLinesEnd('"a\n",1\n"open\n')).toBe(7);
  });
});
