// One history's run of the ingest stages: each stage's state for this history
// (the live one, each replay, each import has its own Pipeline), the per-packet
// step the store calls after storing a packet's fields, and replays over rows
// already stored (a restore, recorded chunks, a stage added or changed).
import { BOOLEAN_FIELDS } from "../schema/fields";
import type { ColumnRing } from "../history/ColumnRing";
import type { ColumnLayout } from "./columnLayout";
import { DROP_EVENTS, type EventSink, type Stage } from "./Stage";

interface ReplayOptions {
  /** Logical rows [from, to) of the history; default all of it. */
  from?: number;
  to?: number;
  /**
   * Compute every stage column again, ignoring the values stored (a stage
   * whose definition changed). It computes from the stored values, which
   * Float32 columns hold rounded, so a value can differ from the one ingest
   * computed from the packet in its last digits. By default a stored value
   * counts as given and is kept, as on ingest: a replay then only rebuilds
   * the states.
   */
  recompute?: boolean;
  /** Where events go; default the pipeline's sink. DROP_EVENTS rebuilds state only. */
  sink?: EventSink;
  /** After each slice: rows done of the range's total. */
  onProgress?: (rowsDone: number, rowsTotal: number) => void;
  signal?: AbortSignal;
  /** Rows between two yields to the event loop (the worker answers in between). */
  sliceRows?: number;
}

const SLICE_ROWS = 16_384;
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Index of a stored numeric field; throws for anything a stage cannot read. */
function storedNumber(layout: ColumnLayout, path: string, stage: Stage): number {
  const slot = layout.storedFieldSlot(path);
  if (slot?.kind !== "number")
    throw new Error(`stage "${stage.name}": ${path} is not a stored numeric field`);
  return slot.index;
}

/** Index of a stage's column (by its internal name); throws if the registry lacks it. */
function columnNumber(layout: ColumnLayout, path: string, stage: Stage): number {
  const at = layout.stageColumnIndex(path);
  if (at === undefined) throw new Error(`stage "${stage.name}": ${path} is not a stage column`);
  return at;
}

export class Pipeline {
  private readonly states: unknown[];
  /** Per stage: index of its first column in the stored row. */
  private readonly out: Int32Array;
  /** Stored numeric fields a replay reads into its row: every input, then every column. */
  private readonly inputFields: Int32Array;
  private readonly columnFields: Int32Array;
  /** The stages that queue events for after the row (Stage.flush), by index. */
  private readonly flushing: Int32Array;
  /** A replay's row (the live step uses the store's). */
  private readonly row: Float64Array;
  private readonly bits = new Uint32Array(Math.ceil(BOOLEAN_FIELDS.length / 32));

  constructor(
    private readonly ring: ColumnRing,
    readonly stages: readonly Stage[],
    private readonly sink: EventSink = DROP_EVENTS,
  ) {
    // The ring's layout names its columns: a stage finds its own there.
    const layout = ring.names;
    const width = layout.storedNumericFields.length;
    this.row = new Float64Array(width).fill(NaN);
    this.states = stages.map((stage) => stage.createState(layout));
    this.out = Int32Array.from(stages, (stage) => {
      const first = stage.columns[0];
      if (!first) return width; // no columns: nothing to write
      const at = columnNumber(layout, first.path, stage);
      stage.columns.forEach((info, k) => {
        if (columnNumber(layout, info.path, stage) !== at + k)
          throw new Error(`stage "${stage.name}": columns out of the registry's order`);
      });
      return at;
    });
    const inputs = new Set(
      stages.flatMap((stage) => stage.inputs.map((p) => storedNumber(layout, p, stage))),
    );
    this.inputFields = Int32Array.from(inputs);
    this.flushing = Int32Array.from(stages.flatMap((stage, s) => (stage.flush ? [s] : [])));
    this.columnFields = Int32Array.from(
      stages.flatMap((stage, s) => stage.columns.map((_, k) => this.out[s]! + k)),
    );
  }

  /**
   * Runs every stage on the packet just stored: `row` and `bits` hold its
   * values (see Stage.step); the stages write their columns into `row`, the
   * store then stores them. The per-packet path: no allocation here.
   */
  step(row: Float64Array, bits: Uint32Array): void {
    const stages = this.stages;
    for (let s = 0; s < stages.length; s++)
      stages[s]!.step(this.states[s], row, bits, this.out[s]!, this.sink);
    this.flush(this.sink);
  }

  /** The events the stages queued on this row (Stage.flush). */
  private flush(sink: EventSink): void {
    const flushing = this.flushing;
    for (let i = 0; i < flushing.length; i++) {
      const s = flushing[i]!;
      this.stages[s]!.flush!(this.states[s], sink);
    }
  }

  /** Fields a replay loads: every stage's inputs, and what each state reads now (its rules). */
  private rowInputs(): Int32Array {
    const extra = this.stages.flatMap((stage, s) => stage.stateInputs?.(this.states[s]) ?? []);
    if (extra.length === 0) return this.inputFields;
    return Int32Array.from(new Set([...this.inputFields, ...extra]));
  }

  /** Every stage back to the state of an empty history. */
  reset(): void {
    this.stages.forEach((stage, s) => stage.reset(this.states[s]));
  }

  /**
   * This history's state of `stage`, typed as the stage declares it: the
   * feature's handle on its own state in this history. Undefined when this
   * pipeline does not run the stage (a history built with other stages).
   */
  state<State>(stage: Stage<State>): State | undefined {
    const s = this.stages.indexOf(stage as Stage);
    return s < 0 ? undefined : (this.states[s] as State);
  }

  /**
   * Runs the stages over stored rows [from, to), oldest first, continuing
   * from their current state, and stores their columns back into the history.
   */
  runRows(from: number, to: number, sink = this.sink, recompute = false): void {
    const { ring, row, bits, columnFields } = this;
    const inputFields = this.rowInputs();
    for (let logical = Math.max(0, from); logical < Math.min(to, ring.length); logical++) {
      const slot = ring.physical(logical);
      for (let i = 0; i < inputFields.length; i++)
        row[inputFields[i]!] = ring.numberAtSlot(slot, inputFields[i]!);
      for (let i = 0; i < columnFields.length; i++)
        row[columnFields[i]!] = recompute ? NaN : ring.numberAtSlot(slot, columnFields[i]!);
      for (let w = 0; w < bits.length; w++) bits[w] = ring.boolWordAtSlot(slot, w);
      for (let s = 0; s < this.stages.length; s++)
        this.stages[s]!.step(this.states[s], row, bits, this.out[s]!, sink);
      this.flush(sink);
      for (let i = 0; i < columnFields.length; i++)
        ring.setNumber(slot, columnFields[i]!, row[columnFields[i]!]!);
    }
  }

  /**
   * Starts every stage afresh and runs it over the history (an import, a
   * replay, a stage added), a slice at a time with progress between slices.
   * Resolves false when aborted (the states then cover only part of it). The
   * history must not change meanwhile: meant for a replay or import history.
   */
  async replay(options: ReplayOptions = {}): Promise<boolean> {
    const from = Math.max(0, options.from ?? 0);
    const to = Math.min(options.to ?? this.ring.length, this.ring.length);
    const slice = Math.max(1, options.sliceRows ?? SLICE_ROWS);
    this.reset();
    for (let at = from; at < to; at += slice) {
      if (options.signal?.aborted) return false;
      this.runRows(at, Math.min(at + slice, to), options.sink, options.recompute);
      options.onProgress?.(Math.min(at + slice, to) - from, to - from);
      if (at + slice < to) await nextTask();
    }
    return !options.signal?.aborted;
  }
}
