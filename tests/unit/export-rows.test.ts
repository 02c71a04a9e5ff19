// Issue 58 item 15: an export reads its rows from the history a piece at a
// time (ExportRows) rather than from a copy of the whole span; rows the
// history overwrites or clears before the export reached them are copied out
// just before they go, so the file still holds exactly the rows chosen.
import { describe, expect, it } from "vitest";
import { ColumnRing } from "../../workers/telemetry/history/ColumnRing";
import { ExportRows } from "../../workers/telemetry/csv/exportRows";

const T0 = 1_795_000_000;
const EVERY_ROW = { from: null, to: null, perSecond: null };

// Time (Float64), a Float32 reading, 40 booleans, one string and one lazy
// column (a math channel's slot), so every kind of column is copied.
function ring(capacity: number): ColumnRing {
  return new ColumnRing(capacity, {
    numericFloat64: [true, false, true],
    booleanCount: 40,
    stringCount: 1,
    timeField: 0,
    lazyFrom: 2,
  });
}

/** Packet i: time T0 + i/4 (so two a second at perSecond 2 pick every other), values from i. */
function write(history: ColumnRing, i: number): void {
  const slot = history.claimSlot();
  history.setNumber(slot, 0, T0 + i / 4);
  history.setNumber(slot, 1, i * 1.5);
  history.setNumber(slot, 2, i % 5 === 0 ? NaN : i * 10);
  history.setBoolWord(slot, 0, i % 2 === 0 ? 1 << 3 : 0);
  history.setBoolWord(slot, 1, i % 3 === 0 ? 1 << 3 : 0);
  history.setString(slot, 0, `tag-${i}`);
}

/** What a piece holds, row by row, as the packet numbers and values written. */
function rowsOf(piece: ColumnRing): string[] {
  return Array.from({ length: piece.length }, (_, r) => {
    const i = Math.round((piece.time(r) - T0) * 4);
    const lazy = piece.number(r, 2);
    return [
      i,
      piece.number(r, 1),
      Number.isNaN(lazy) ? "gap" : lazy,
      piece.boolean(r, 3),
      piece.boolean(r, 35),
      piece.stringAtSlot(piece.physical(r), 0),
    ].join(" ");
  });
}

const expected = (packets: number[]): string[] =>
  packets.map((i) =>
    [i, i * 1.5, i % 5 === 0 ? "gap" : i * 10, i % 2 === 0, i % 3 === 0, `tag-${i}`].join(" "),
  );

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from }, (_, k) => from + k);

describe("rows copied ring to ring in runs (appendRowsOf)", () => {
  it("gives what row-by-row copies give, from a wrapped source into a wrapped target", () => {
    const source = ring(8);
    for (let i = 0; i < 13; i++) write(source, i); // wrapped: holds packets 5..12
    const runs = ring(5);
    const rows = ring(5);
    write(runs, 100); // the target wraps too
    write(rows, 100);
    runs.appendRowsOf(source, 1, 6);
    for (let logical = 1; logical < 7; logical++) rows.appendRowOf(source, logical);
    expect(rowsOf(runs)).toEqual(rowsOf(rows));
    expect(rowsOf(runs)).toEqual(expected(range(7, 12)));
  });

  it("refuses a ring of another layout rather than mixing up columns", () => {
    const other = new ColumnRing(4, { numericFloat64: [true], booleanCount: 2, timeField: 0 });
    expect(() => other.appendRowsOf(ring(4), 0, 0)).toThrow(/different column layouts/);
  });
});

describe("an export's rows, read from a history that keeps taking packets", () => {
  it("hands out the chosen rows in pieces, exactly, though a full history overwrites them meanwhile", () => {
    const history = ring(100);
    for (let i = 0; i < 150; i++) write(history, i); // full: packets 50..149
    const rows = new ExportRows(history, EVERY_ROW);
    expect(rows.count).toBe(100);
    const taken: string[] = [];
    let next = 150;
    while (rows.left > 0) {
      taken.push(...rowsOf(rows.take(7)));
      // 30 live packets between pieces: the export's oldest rows go long before it reaches them.
      for (const end = next + 30; next < end; next++) write(history, next);
    }
    expect(taken).toEqual(expected(range(50, 150)));
  });

  it("keeps resampled rows too (every other packet, two a second)", () => {
    const history = ring(40);
    for (let i = 0; i < 40; i++) write(history, i);
    const rows = new ExportRows(history, { from: T0 + 2, to: T0 + 8, perSecond: 2 });
    const first = rowsOf(rows.take(3));
    for (let i = 40; i < 75; i++) write(history, i);
    const rest = rowsOf(rows.take(100));
    // Half seconds from 2.0 to 8.0: the last packet of each, 9, 11, …, 31 (and 32, at 8.0 itself).
    expect([...first, ...rest]).toEqual(
      expected([9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 32]),
    );
  });

  it("keeps the rows not yet written when the history is cleared (a restore begins)", () => {
    const history = ring(50);
    for (let i = 0; i < 20; i++) write(history, i);
    const rows = new ExportRows(history, EVERY_ROW);
    const first = rowsOf(rows.take(5));
    history.clear();
    for (let i = 1000; i < 1060; i++) write(history, i);
    expect([...first, ...rowsOf(rows.take(100))]).toEqual(expected(range(0, 20)));
  });

  it("lets the history go once done or given up: later overwrites copy nothing", () => {
    const history = ring(10);
    for (let i = 0; i < 10; i++) write(history, i);
    const copies: number[] = [];
    const emptyLike = history.emptyLike.bind(history);
    history.emptyLike = (capacity) => (copies.push(capacity), emptyLike(capacity));
    const rows = new ExportRows(history, EVERY_ROW);
    rows.take(4);
    rows.close();
    for (let i = 10; i < 30; i++) write(history, i);
    expect(copies).toEqual([4]);
  });
});
