// The latest value of every stored field and the seq at which each last
// changed, and the store's snapshot built from them: only what changed since
// a reader's seq.
// Apart from TelemetryStore because most of what lives here runs per poll or
// per jump of the shown row. Per packet, TelemetryStore.storeCheckedRow
// writes these same arrays: the numbers and strings directly, as its own
// fields; the booleans through noteChangedBooleans, which finds the flags
// that changed by word.
import type { BackendState, ConnectionState, Counters } from "../../contract/connection";
import type { FieldValue } from "../../contract/fields";
import type { Snapshot } from "../../contract/snapshot";
import type { TrackDistance } from "../geo/geo";
import { BOOLEAN_FIELDS, STRING_FIELDS } from "../schema/fields";
import type { ColumnRing } from "../history/ColumnRing";
import type { ColumnLayout } from "../pipeline/columnLayout";

/** The store's part of a snapshot; the service adds playback and recording state. */
export type StoreSnapshot = Omit<
  Snapshot,
  "playback" | "recording" | "alerts" | "math" | "strategy" | "windows"
>;

/** The snapshot at `seq` of the values `changed` (LatestValues.changedSince). */
export function snapshotOf(
  seq: number,
  changed: Record<string, FieldValue>,
  connection: ConnectionState,
  backend: BackendState,
  track: TrackDistance,
  counters: Counters,
): StoreSnapshot {
  const { lat, long, headingDeg, distanceKm } = track;
  return {
    seq,
    empty: seq === 0,
    changed,
    connection: { ...connection },
    counters,
    geo: { lat, long, headingDeg, distanceKm },
    backend: { ...backend },
  };
}

/**
 * Per packet: the booleans that changed in `bits` (the packet's words) become
 * the latest, marked at `seq`. Found by word: none in most of a car's packets,
 * and no branch per flag on a random bit in a flag storm.
 */
export function noteChangedBooleans(latest: LatestValues, bits: Uint32Array, seq: number): void {
  const { bool, boolWords, verBool } = latest;
  for (let w = 0; w < bits.length; w++) {
    const word = bits[w]!;
    let changed = word ^ boolWords[w]!;
    boolWords[w] = word;
    while (changed !== 0) {
      const low = changed & -changed;
      changed ^= low;
      const bit = 31 - Math.clz32(low);
      const field = (w << 5) | bit;
      bool[field] = (word >>> bit) & 1;
      verBool[field] = seq;
    }
  }
}

export class LatestValues {
  // Latest values and the seq at which each last changed.
  readonly num: Float64Array;
  readonly bool = new Uint8Array(BOOLEAN_FIELDS.length);
  /** `bool` packed 32 to a word, as the rows store them: ingest compares a packet's words with these. */
  readonly boolWords = new Uint32Array(Math.ceil(BOOLEAN_FIELDS.length / 32));
  readonly str: string[] = STRING_FIELDS.map(() => "");
  readonly verNum: Float64Array;
  readonly verBool = new Float64Array(BOOLEAN_FIELDS.length);
  readonly verStr = new Float64Array(STRING_FIELDS.length);

  /** `layout`: the history's columns (pipeline/columnLayout.ts). */
  constructor(private readonly layout: ColumnLayout) {
    this.num = new Float64Array(layout.storedNumericFields.length);
    this.verNum = new Float64Array(layout.storedNumericFields.length);
  }

  /** The values changed after `sinceSeq`, by path; `seq` is the store's current one. */
  changedSince(sinceSeq: number, seq: number): Record<string, FieldValue> {
    // A consumer ahead of us (e.g. after a worker restart) gets everything.
    const all = !(sinceSeq > 0) || sinceSeq > seq;
    const changed: Record<string, FieldValue> = {};
    // Before the first packet there are no values: the UI shows "—", not zeros
    // that a user would read as the car's.
    if (seq === 0) return changed;
    for (let i = 0; i < this.num.length; i++) {
      if (!all && !((this.verNum[i] as number) > sinceSeq)) continue;
      const path = this.layout.storedNumericPath(i); // a math slot no channel uses has none
      if (path !== undefined) changed[path] = this.num[i] as number;
    }
    for (let i = 0; i < BOOLEAN_FIELDS.length; i++) {
      if (all || (this.verBool[i] as number) > sinceSeq)
        changed[BOOLEAN_FIELDS[i] as string] = this.bool[i] === 1;
    }
    for (let i = 0; i < STRING_FIELDS.length; i++) {
      if (all || (this.verStr[i] as number) > sinceSeq)
        changed[STRING_FIELDS[i] as string] = this.str[i] as string;
    }
    return changed;
  }

  /** The default packet, every field marked changed at `seq`. */
  reset(seq: number): void {
    this.num.fill(0);
    this.bool.fill(0);
    this.boolWords.fill(0);
    this.str.fill("");
    this.verNum.fill(seq);
    this.verBool.fill(seq);
    this.verStr.fill(seq);
  }

  /**
   * The stages' columns read again from `row` (NaN when it is not stored),
   * all marked changed at `seq`: a slot may now hold another math channel.
   */
  readStageColumns(ring: ColumnRing, row: number, seq: number): void {
    const has = row >= 0 && row < ring.length;
    for (let i = this.layout.lazyFrom; i < this.num.length; i++) {
      this.num[i] = has ? ring.number(row, i) : NaN;
      this.verNum[i] = seq;
    }
  }

  /** Stored row `logical`'s values become the latest; those that differ are marked at `seq`. */
  readRow(ring: ColumnRing, logical: number, seq: number): void {
    for (let i = 0; i < this.num.length; i++) {
      const v = ring.number(logical, i);
      if (!Object.is(this.num[i], v)) {
        this.num[i] = v;
        this.verNum[i] = seq;
      }
    }
    for (let i = 0; i < BOOLEAN_FIELDS.length; i++) {
      const bit = ring.boolean(logical, i) ? 1 : 0;
      if (this.bool[i] !== bit) {
        this.bool[i] = bit;
        this.verBool[i] = seq;
      }
    }
    const slot = ring.physical(logical);
    for (let w = 0; w < this.boolWords.length; w++)
      this.boolWords[w] = ring.boolWordAtSlot(slot, w);
    for (let i = 0; i < STRING_FIELDS.length; i++) {
      const s = ring.stringAtSlot(slot, i);
      if (this.str[i] !== s) {
        this.str[i] = s;
        this.verStr[i] = seq;
      }
    }
  }
}
