// The lap table's column chooser (issue 58 item 10): a default set that a
// laptop's width holds, every column in one of four groups, and a choice saved
// per window, read back through its checks.
import { describe, expect, it } from "vitest";
import { LAP_COLUMNS } from "../../src/ui/format/lapFormat";
import { ENERGY_COLUMNS } from "../../src/ui/format/lapAnalysisFormat";
import {
  ALL_LAP_COLUMN_KEYS,
  DEFAULT_LAP_COLUMNS,
  LAP_COLUMN_GROUPS,
} from "../../src/ui/format/lapColumnGroups";
import { readLapColumns, withColumns, writeLapColumns } from "../../src/state/lapColumns";
import { MemoryStorage } from "./memoryStorage";

const memoryStorage = () => new MemoryStorage();

describe("lap table columns", () => {
  it("every column of the table is in exactly one group, under a key of its own", () => {
    expect(LAP_COLUMN_GROUPS.map((g) => g.title)).toEqual([
      "Times",
      "Energy and distance (ours, from every packet)",
      "The backend's lap record",
      "Sectors",
    ]);
    // Lap figures, our energy columns, "vs backend" and the sectors as one key.
    expect(ALL_LAP_COLUMN_KEYS).toHaveLength(LAP_COLUMNS.length + ENERGY_COLUMNS.length + 2);
    expect(new Set(ALL_LAP_COLUMN_KEYS).size).toBe(ALL_LAP_COLUMN_KEYS.length);
    for (const column of LAP_COLUMNS) expect(ALL_LAP_COLUMN_KEYS).toContain(column.id);
  });

  it("a new window shows the default set: about half, and never the rpm-based speed", () => {
    const read = readLapColumns(memoryStorage(), "Window 2");
    expect(read).toEqual({ shown: DEFAULT_LAP_COLUMNS, problem: null });
    expect(read.shown.length).toBeLessThanOrEqual(ALL_LAP_COLUMN_KEYS.length / 2 + 1);
    expect(read.shown).not.toContain("averageSpeed");
  });

  it("each window keeps its own choice", () => {
    const storage = memoryStorage();
    writeLapColumns(storage, "Window 1", ["lapTime", "sectors"]);
    writeLapColumns(storage, "Window 2", ["ampHours"]);
    expect(readLapColumns(storage, "Window 1").shown).toEqual(["lapTime", "sectors"]);
    expect(readLapColumns(storage, "Window 2").shown).toEqual(["ampHours"]);
    expect(readLapColumns(storage, "Window 3").shown).toEqual(DEFAULT_LAP_COLUMNS);
  });

  it("a saved choice that cannot be read falls back to the default set, and says why", () => {
    const storage = memoryStorage();
    storage.setItem("lapColumns", "{not json");
    const read = readLapColumns(storage, "Window 1");
    expect(read.shown).toEqual(DEFAULT_LAP_COLUMNS);
    expect(read.problem).toMatch(/^the saved text is not JSON/);
    storage.setItem("lapColumns", JSON.stringify({ shown: "all" }));
    expect(readLapColumns(storage, "Window 1").problem).not.toBeNull();
  });

  it("keys another build saved are left out; the table's order is kept whatever the click order", () => {
    const storage = memoryStorage();
    writeLapColumns(storage, "Window 1", ["sectors", "gone:column", "lapTime"]);
    expect(readLapColumns(storage, "Window 1")).toEqual({
      shown: ["lapTime", "sectors"],
      problem: null,
    });
    expect(withColumns(["sectors"], ["endMs", "lapTime"], true)).toEqual([
      "endMs",
      "lapTime",
      "sectors",
    ]);
    expect(withColumns(["endMs", "lapTime"], ["endMs"], false)).toEqual(["lapTime"]);
  });
});
