// The season export's memory (issue 63): the writer slices a row group's
// values out of each column, then a page's out of those. A part is one group
// of one page, so the values handed to it are sliced whole without a copy;
// any other slice is still a copy of the right values.
import { describe, expect, it } from "vitest";
import { columnData } from "../../workers/telemetry/parquet/columnData";
import { parquetColumns, withGaps } from "../../workers/telemetry/parquet/parquetColumns";
import { EVERYTHING, storeOf } from "./csv-helpers";

describe("a part's column values", () => {
  it("are their own whole slice, and a copy of any other", () => {
    const rows = 100;
    const store = storeOf(rows, (p, i) => (p.Battery.PackCurrent = i / 4));
    const ring = store.ring;
    const logical = Int32Array.from({ length: rows }, (_, i) => i);
    const columns = withGaps(parquetColumns(ring.names, EVERYTHING), ring, logical);
    const slots = Int32Array.from(logical, (row) => ring.physical(row));
    // Numbers without gaps and booleans are typed arrays (a column with gaps holds nulls).
    const typed = columns
      .map((column) => ({ column, values: columnData(column, ring, slots, 0, rows) }))
      .filter(({ values }) => ArrayBuffer.isView(values));
    expect(typed.length).toBeGreaterThan(100);
    for (const { column, values: data } of typed) {
      const values = data as Float64Array;
      expect(values.slice(0, rows), column.name).toBe(values);
      expect(values.slice(), column.name).toBe(values);
      const part = values.slice(10, 20);
      expect(part).not.toBe(values);
      expect(Array.from(part)).toEqual(Array.from(values).slice(10, 20));
    }
    const current = columns.find((c) => c.name === "Battery.PackCurrent")!;
    const values = columnData(current, ring, slots, 0, rows) as Float32Array;
    expect(Array.from(values.slice(0, rows))).toEqual(Array.from(logical, (i) => i / 4));
  });
});
