// A ring's storage, addressed by physical slot: one typed-array column per
// numeric field (Float32 and Float64 blocks, column-major), booleans
// bit-packed per slot, strings, and lazy Float64 columns for the math
// channels' slots. No per-packet objects. ColumnRing.ts keeps the order over
// these slots (which one is the oldest, which is written next) and moves
// rows in and out.
import type { ColumnLayout } from "../pipeline/columnLayout";

export interface ColumnRingLayout {
  /** Per numeric field: true → Float64 column, false → Float32 column. */
  numericFloat64: readonly boolean[];
  booleanCount: number;
  /** String fields (Title, Rfid): one plain array per field, kept for export. */
  stringCount?: number;
  /** Numeric field holding packet time (epoch seconds); it is the x column. */
  timeField: number;
  /**
   * Numeric fields from this index on are "lazy" Float64 columns (math
   * channels' slots): each is allocated only when a finite value is first
   * stored in it and freed by dropColumn, so 32 slots cost nothing until a
   * channel uses one. They are not part of the packed rows (exportRows,
   * appendRows): what they hold is computed again from the packet's columns.
   */
  lazyFrom?: number;
  /**
   * What its numeric columns are, by name (pipeline/columnLayout.ts): a
   * history's ring carries the layout it was built from (store/storeLayout.ts),
   * so whatever reads a ring finds its columns without importing a feature.
   */
  names?: ColumnLayout;
}

/** Column kinds in isF64: Float32 block, Float64 block, lazy Float64 column. */
export const F32 = 0;
export const F64 = 1;
export const LAZY = 2;

export class SlotColumns {
  readonly capacity: number;
  readonly boolWords: number;
  protected readonly isF64: Uint8Array;
  /** Per numeric field: start of its column inside f32 or f64 (column-major). */
  protected readonly colStart: Int32Array;
  protected readonly f32: Float32Array;
  protected readonly f64: Float64Array;
  protected readonly bools: Uint32Array;
  /** The lazy columns by field − lazyFrom; null until used. */
  protected readonly lazy: (Float64Array | null)[];
  protected readonly lazyFrom: number;
  // Strings repeat (the same Title for hours), so an array slot holds a shared reference.
  protected readonly strs: string[][];
  protected readonly timeStart: number;
  protected readonly n32: number;
  protected readonly n64: number;
  /** The stored (not lazy) fields by block, and their columns' starts: setRow's two loops. */
  private readonly fields32: Int32Array;
  private readonly starts32: Int32Array;
  private readonly fields64: Int32Array;
  private readonly starts64: Int32Array;

  constructor(
    capacity: number,
    protected readonly layout: ColumnRingLayout,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be ≥ 1");
    this.capacity = capacity;
    const n = layout.numericFloat64.length;
    this.isF64 = new Uint8Array(n);
    this.colStart = new Int32Array(n);
    let n32 = 0;
    let n64 = 0;
    this.lazyFrom = layout.lazyFrom ?? n;
    this.lazy = Array.from({ length: Math.max(0, n - this.lazyFrom) }, () => null);
    layout.numericFloat64.forEach((wide, field) => {
      if (field >= this.lazyFrom) {
        this.isF64[field] = LAZY;
        return;
      }
      this.isF64[field] = wide ? F64 : F32;
      this.colStart[field] = (wide ? n64++ : n32++) * capacity;
    });
    if (!layout.numericFloat64[layout.timeField]) throw new Error("time column must be Float64");
    this.n32 = n32;
    this.n64 = n64;
    const stored = (wide: boolean) =>
      Int32Array.from(
        layout.numericFloat64.flatMap((w, f) => (f < this.lazyFrom && w === wide ? [f] : [])),
      );
    this.fields32 = stored(false);
    this.fields64 = stored(true);
    this.starts32 = this.fields32.map((f) => this.colStart[f]!);
    this.starts64 = this.fields64.map((f) => this.colStart[f]!);
    this.f32 = new Float32Array(n32 * capacity);
    this.f64 = new Float64Array(n64 * capacity);
    this.boolWords = Math.ceil(layout.booleanCount / 32);
    this.bools = new Uint32Array(this.boolWords * capacity);
    this.strs = Array.from({ length: layout.stringCount ?? 0 }, () =>
      new Array<string>(capacity).fill(""),
    );
    this.timeStart = this.colStart[layout.timeField] ?? 0;
  }

  /** The column layout it was built from; only a bare ring (a test's) has none. */
  get names(): ColumnLayout {
    if (!this.layout.names) throw new Error("this ring was built without a column layout");
    return this.layout.names;
  }

  /**
   * History bytes per stored packet in the packed layout (numeric columns and
   * booleans, no lazy column): what a recorded chunk's layout is named by.
   */
  get bytesPerSlot(): number {
    return (this.f32.byteLength + this.f64.byteLength + this.bools.byteLength) / this.capacity;
  }

  /** Bytes held, the lazy columns in use included. */
  get byteLength(): number {
    let lazy = 0;
    for (const column of this.lazy) lazy += column?.byteLength ?? 0;
    return this.f32.byteLength + this.f64.byteLength + this.bools.byteLength + lazy;
  }

  /** Frees a lazy column (a channel deleted): it reads NaN until a finite value is stored again. */
  dropColumn(field: number): void {
    if (this.isF64[field] === LAZY) this.lazy[field - this.lazyFrom] = null;
  }

  /** Whether a lazy column holds storage (tests, diagnostics). */
  hasColumn(field: number): boolean {
    return this.isF64[field] !== LAZY || this.lazy[field - this.lazyFrom] !== null;
  }

  protected setLazy(slot: number, field: number, value: number): void {
    let column = this.lazy[field - this.lazyFrom];
    if (!column) {
      if (value !== value) return; // NaN into an unused column: nothing to keep
      column = new Float64Array(this.capacity).fill(NaN);
      this.lazy[field - this.lazyFrom] = column;
    }
    column[slot] = value;
  }

  private lazyAt(slot: number, field: number): number {
    const column = this.lazy[field - this.lazyFrom];
    return column ? (column[slot] as number) : NaN;
  }

  setNumber(slot: number, field: number, value: number): void {
    const kind = this.isF64[field];
    const at = (this.colStart[field] as number) + slot;
    if (kind === F64) this.f64[at] = value;
    else if (kind === F32) this.f32[at] = value;
    else this.setLazy(slot, field, value);
  }

  /**
   * Writes a row's stored (not lazy) numeric fields at `slot`: one loop per
   * block over precomputed columns, no per-field kind test (the hot path
   * writes ~300 of them per packet). Lazy fields are the caller's (setNumber).
   */
  setStoredNumbers(slot: number, row: Float64Array): void {
    const { fields32, starts32, fields64, starts64, f32, f64 } = this;
    for (let i = 0; i < fields32.length; i++) f32[starts32[i]! + slot] = row[fields32[i]!]!;
    for (let i = 0; i < fields64.length; i++) f64[starts64[i]! + slot] = row[fields64[i]!]!;
  }

  setString(slot: number, field: number, value: string): void {
    this.strs[field]![slot] = value;
  }

  /** Reads by physical slot (ColumnRing.physical), for loops that resolve the slot once per row. */
  numberAtSlot(slot: number, field: number): number {
    const kind = this.isF64[field];
    const at = (this.colStart[field] as number) + slot;
    if (kind === LAZY) return this.lazyAt(slot, field);
    return (kind === F64 ? this.f64[at] : this.f32[at]) as number;
  }

  /**
   * Copies a numeric field's values at `slots[lo, lo + out.length)` into `out`:
   * an export reads a column per call rather than a call per cell.
   */
  numbersAtSlots(
    field: number,
    slots: Int32Array,
    lo: number,
    out: Float32Array | Float64Array,
  ): void {
    const backing = this.backing(field);
    if (!backing) {
      out.fill(NaN); // an unused lazy column: all gaps
      return;
    }
    const { column, start } = backing;
    for (let i = 0; i < out.length; i++) out[i] = column[start + slots[lo + i]!]!;
  }

  /**
   * A numeric field's values at slots [first, first + n) as a view of the
   * ring's own array (no copy); null for an unused lazy column. Valid until
   * the ring next changes.
   */
  numbersInPlace(field: number, first: number, n: number): Float32Array | Float64Array | null {
    const backing = this.backing(field);
    if (!backing) return null;
    const at = backing.start + first;
    return backing.column.subarray(at, at + n);
  }

  /** A numeric field's array and its column's offset in it; null for an unused lazy column. */
  private backing(field: number): { column: Float32Array | Float64Array; start: number } | null {
    const kind = this.isF64[field];
    if (kind === LAZY) {
      const lazy = this.lazy[field - this.lazyFrom];
      return lazy ? { column: lazy, start: 0 } : null;
    }
    return { column: kind === F64 ? this.f64 : this.f32, start: this.colStart[field] as number };
  }

  /** Copies a boolean field's values at `slots[lo, lo + out.length)` into `out`, as 1 or 0. */
  booleansAtSlots(field: number, slots: Int32Array, lo: number, out: Uint8Array): void {
    const words = this.boolWords;
    const word = field >>> 5;
    const bit = field & 31;
    const bools = this.bools;
    for (let i = 0; i < out.length; i++) {
      out[i] = (bools[slots[lo + i]! * words + word]! >>> bit) & 1;
    }
  }

  /** Whether a numeric field has a gap (NaN) at any of `slots`. */
  hasGapAtSlots(field: number, slots: Int32Array): boolean {
    const backing = this.backing(field);
    if (!backing) return slots.length > 0;
    const { column, start } = backing;
    for (let i = 0; i < slots.length; i++) {
      const v = column[start + slots[i]!]!;
      if (v !== v) return true; // NaN is the only value unequal to itself
    }
    return false;
  }

  booleanAtSlot(slot: number, field: number): boolean {
    const word = this.bools[slot * this.boolWords + (field >>> 5)] as number;
    return ((word >>> (field & 31)) & 1) === 1;
  }

  /** The 32 booleans of word `word` (fields word*32 … word*32+31) of one slot. */
  boolWordAtSlot(slot: number, word: number): number {
    return this.bools[slot * this.boolWords + word] as number;
  }

  stringAtSlot(slot: number, field: number): string {
    return this.strs[field]?.[slot] ?? "";
  }

  /** Stores 32 booleans (fields word*32 … word*32+31) of one slot at once. */
  setBoolWord(slot: number, word: number, bits: number): void {
    this.bools[slot * this.boolWords + word] = bits;
  }
}
