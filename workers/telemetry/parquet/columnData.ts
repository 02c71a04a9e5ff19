// One column's values for rows [lo, hi) of an export, in the shape the writer
// encodes fastest: a typed array for a gapless number column and for booleans
// (1/0, written RLE: ParquetExporter's encodingOf), plain arrays (with null for
// a gap) otherwise. A returned typed array may be a view of the ring: the
// writer must encode it before the ring changes (it does, within one
// synchronous write, without copying it: see below).
import type { ColumnSource } from "hyparquet-writer";
import type { ColumnRing } from "../history/ColumnRing";
import type { ParquetColumn } from "./parquetColumns";

type Values = ColumnSource["data"];

// Typed arrays whose slice of their whole length is themselves. The writer
// slices a row group's values out of each column, then a page's out of
// those: two copies of every value, though a part is one group of one page
// and its values do not change while they are encoded (within one
// synchronous write). In bench:track the season export's peak went from
// 139 MB above rest to 114-132 MB (four runs), its JS heap at the peak from
// 40 MB to 15-36 MB.
const whole = (length: number, start = 0, end = length) => start <= 0 && end >= length;
class WholeFloat64 extends Float64Array<ArrayBuffer> {
  override slice(start?: number, end?: number): Float64Array<ArrayBuffer> {
    return whole(this.length, start, end) ? this : super.slice(start, end);
  }
}
class WholeFloat32 extends Float32Array<ArrayBuffer> {
  override slice(start?: number, end?: number): Float32Array<ArrayBuffer> {
    return whole(this.length, start, end) ? this : super.slice(start, end);
  }
}
class WholeBytes extends Uint8Array<ArrayBuffer> {
  override slice(start?: number, end?: number): Uint8Array<ArrayBuffer> {
    return whole(this.length, start, end) ? this : super.slice(start, end);
  }
}

/** The same values, sliced whole without a copy. */
function sliceFree(values: Float32Array | Float64Array): Float32Array | Float64Array {
  const buffer = values.buffer as ArrayBuffer;
  return values instanceof Float32Array
    ? new WholeFloat32(buffer, values.byteOffset, values.length)
    : new WholeFloat64(buffer, values.byteOffset, values.length);
}

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
      const out = new WholeBytes(new ArrayBuffer(n));
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
      // Neighbouring slots of a gapless column are handed over as they lie.
      const first = slots[lo]!;
      const inPlace =
        !column.nullable && n > 0 && slots[hi - 1]! - first === n - 1
          ? ring.numbersInPlace(index, first, n)
          : null;
      if (inPlace && inPlace instanceof Float32Array === (column.kind === "float"))
        return sliceFree(inPlace);
      const out =
        column.kind === "float"
          ? new WholeFloat32(new ArrayBuffer(n * 4))
          : new WholeFloat64(new ArrayBuffer(n * 8));
      ring.numbersAtSlots(index, slots, lo, out);
      if (!column.nullable) return out;
      return Array.from(out, (v) => (Number.isNaN(v) ? null : v));
    }
  }
}
