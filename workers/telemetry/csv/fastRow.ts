// The import's fast path. A plan made once from the header says, per column,
// which typed column of the history it fills and how (number with its unit
// conversion, boolean, string; time columns and unknown ones are skipped).
// Each row's cells are checked as the packet schema would check them and
// written into one typed row, which the store appends without building a
// packet object or running zod. A row with any cell the check does not accept
// is left to the slow path (rebuilt packet + schema), which gives the reason.
import type { TelemetryStore } from "../store/TelemetryStore";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { BOOLEAN_FIELDS, STRING_FIELDS } from "../schema/fields";
import { FLOAT32_MAX, needsFloat64 } from "../history/precision";
import { maybeNotDecimal, parseBooleanCell, unneutralise, type StringPool } from "./csvCells";
import type { ColumnBinding } from "./csvHeader";

interface Plan {
  numColumn: Int32Array;
  numField: Int32Array;
  numScale: Float64Array;
  numOffset: Float64Array;
  /** Largest magnitude the field's column stores (Float32 or Float64 range). */
  numLimit: Float64Array;
  boolColumn: Int32Array;
  boolField: Int32Array;
  strColumn: Int32Array;
  strField: Int32Array;
}

function planOf(layout: ColumnLayout, bindings: readonly ColumnBinding[]): Plan {
  const by = (kind: ColumnBinding["kind"]) => bindings.filter((b) => b.kind === kind);
  const field = (b: ColumnBinding): number => layout.storedFieldSlot(b.path)!.index;
  const numbers = by("number");
  const booleans = by("boolean");
  const strings = by("string");
  return {
    numColumn: Int32Array.from(numbers, (b) => b.column),
    numField: Int32Array.from(numbers, field),
    numScale: Float64Array.from(numbers, (b) => b.scale),
    numOffset: Float64Array.from(numbers, (b) => b.offset),
    numLimit: Float64Array.from(numbers, (b) =>
      needsFloat64(b.path) ? Number.MAX_VALUE : FLOAT32_MAX,
    ),
    boolColumn: Int32Array.from(booleans, (b) => b.column),
    boolField: Int32Array.from(booleans, field),
    strColumn: Int32Array.from(strings, (b) => b.column),
    strField: Int32Array.from(strings, field),
  };
}

export class FastRowReader {
  private readonly plan: Plan;
  /** The typed row being filled: every stored numeric field (derived ones NaN = compute). */
  private readonly nums: Float64Array;
  private readonly bits = new Uint32Array(Math.ceil(BOOLEAN_FIELDS.length / 32));
  private readonly strs: string[] = STRING_FIELDS.map(() => "");

  constructor(
    layout: ColumnLayout,
    bindings: readonly ColumnBinding[],
    private readonly width: number,
    private readonly decimalComma: boolean,
    private readonly pool: StringPool,
  ) {
    this.plan = planOf(layout, bindings);
    this.nums = new Float64Array(layout.storedNumericFields.length).fill(NaN);
  }

  /** Stores the row and returns true when every cell passes; else stores nothing. */
  tryStore(cells: readonly string[], store: TelemetryStore): boolean {
    if (cells.length !== this.width) return false;
    const p = this.plan;
    const nums = this.nums;
    for (let i = 0; i < p.numColumn.length; i++) {
      const cell = cells[p.numColumn[i]!]!;
      if (maybeNotDecimal(cell)) return false;
      const shown = this.decimalComma ? +cell.replace(",", ".") : +cell;
      // +"" and +" " are 0: an empty cell is a missing value, which the slow path reports.
      if (shown === 0 && cell.trim() === "") return false;
      const v = (shown - p.numOffset[i]!) / p.numScale[i]!;
      // NaN, ±Infinity and values the column cannot hold all fail this one test.
      const limit = p.numLimit[i]!;
      if (!(v <= limit && v >= -limit)) return false;
      nums[p.numField[i]!] = v;
    }
    const bits = this.bits;
    bits.fill(0);
    for (let i = 0; i < p.boolColumn.length; i++) {
      const cell = cells[p.boolColumn[i]!]!;
      const bool = cell === "true" ? true : cell === "false" ? false : parseBooleanCell(cell);
      if (bool === null) return false;
      if (bool) {
        const field = p.boolField[i]!;
        bits[field >>> 5]! |= 1 << (field & 31);
      }
    }
    for (let i = 0; i < p.strColumn.length; i++)
      this.strs[p.strField[i]!] = this.pool.get(unneutralise(cells[p.strColumn[i]!]!));
    store.storeCheckedRow(nums, bits, this.strs);
    return true;
  }
}
