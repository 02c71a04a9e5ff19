// One column's values for rows [lo, hi) of an export, in the shape the writer
// encodes fastest: a typed array for a gapless number column and for booleans
// (1/0, written RLE: ParquetExporter's encodingOf), plain arrays (with null for
// a gap) otherwise. A returned typed array may be a view of the ring: the
// writer must take it before the ring changes (it copies it at once).
import type { ColumnSource } from "hyparquet-writer";
import type { ColumnRing } from "../history/ColumnRing";
import type { ParquetColumn } from "./parquetColumns";

type Values = ColumnSource["data"];

export function columnData(
  column: ParquetColumn,
  ring: ColumnRing,
  slots: Int32Array,
  lo: number,
  hi: number,
): Values {
  const n = hi - lo;
  const { index } = column;
  switch (column.kind) {
    case "boolean": {
      const out = new Uint8Array(n);
      ring.booleansAtSlots(index, slots, lo, out);
      return out;
    }
    case "string": {
      const out = new Array<string>(n);
      for (let i = 0; i < n; i++) out[i] = ring.stringAtSlot(slots[lo + i]!, index);
      return out;
    }
    case "timestamp": {
      const out = new Array<bigint | null>(n);
      for (let i = 0; i < n; i++) {
        const seconds = ring.numberAtSlot(slots[lo + i]!, index);
        out[i] = Number.isFinite(seconds) ? BigInt(Math.round(seconds * 1e6)) : null;
      }
      return out;
    }
    default: {
      // Neighbouring slots of a gapless column are handed over as they lie:
      // the writer copies a row group's values before it encodes them anyway.
      const first = slots[lo]!;
      const inPlace =
        !column.nullable && n > 0 && slots[hi - 1]! - first === n - 1
          ? ring.numbersInPlace(index, first, n)
          : null;
      if (inPlace && inPlace instanceof Float32Array === (column.kind === "float")) return inPlace;
      const out = column.kind === "float" ? new Float32Array(n) : new Float64Array(n);
      ring.numbersAtSlots(index, slots, lo, out);
      if (!column.nullable) return out;
      return Array.from(out, (v) => (Number.isNaN(v) ? null : v));
    }
  }
}
