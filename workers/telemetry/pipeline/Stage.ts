// What an analysis stage is: a computation that runs on each packet after it
// has been checked and stored, and again over a whole history when one is
// replayed, imported or restored. Each feature lists its own (Feature.stages;
// the registry is workers/telemetry/features.ts); Pipeline.ts runs them, one
// state per stage per history.
import type { FieldInfo, FieldPath } from "../../contract/fields";
import type { FieldSlot } from "../schema/fields";

/**
 * Something a stage noticed (an alert, a lap, a sector time). Plain data, so it
 * can be recorded with the session and sent to the UI as it is.
 */
export interface StageEvent {
  /** What happened, named by the stage ("alert", "lap", …). */
  kind: string;
  /** Packet time it happened at (epoch seconds, as TimeStamp). */
  time: number;
  /** The stage's details, structured-cloneable. */
  payload?: unknown;
}

/** Where a history's stages send their events; its owner decides what happens to them. */
export type EventSink = (event: StageEvent) => void;

export const DROP_EVENTS: EventSink = () => {};

/** A catalog that names a stage's columns at run time (the math channels' slots). */
export interface ColumnNames {
  /** The columns in use, as the UI lists them. */
  infos(): FieldInfo[];
  /** A column by the name the UI knows, as a stored numeric index. */
  slotOf(path: FieldPath): FieldSlot | undefined;
  infoOf(path: FieldPath): FieldInfo | undefined;
  /** The name of the column at a stored numeric index; undefined if unused or not its own. */
  nameAt(field: number): FieldPath | undefined;
}

/** Where a history keeps its stored fields, by name (ColumnLayout answers it). */
export interface StoredFields {
  storedFieldSlot(path: FieldPath): FieldSlot | undefined;
  storedFieldInfo(path: FieldPath): FieldInfo | undefined;
}

export interface Stage<State = unknown> {
  /** Names the stage in bench:ingest's table and in errors. */
  readonly name: string;
  /**
   * History columns the stage fills, stored after the packet's numeric
   * columns like any field (plots, tables, CSV and the map need no special
   * case). Their storage type follows history/precision.ts.
   */
  readonly columns: readonly FieldInfo[];
  /**
   * How its columns are shown (pipeline/columnLayout.ts): "own", under their
   * own labels; a catalog that names them at run time; default not at all.
   */
  readonly names?: "own" | ColumnNames;
  /**
   * Numeric fields the step reads: wire paths or an earlier stage's columns.
   * A replay loads only these into the row (and every boolean), so a step
   * must read nothing else from `row`.
   */
  readonly inputs: readonly FieldPath[];
  /**
   * Stored numeric fields (row indices) a history's state reads beyond
   * `inputs`: an alerts stage's rules, which the user changes. A replay
   * loads these too.
   */
  stateInputs?(state: State): readonly number[];
  /**
   * A fresh state for one history, whose stored fields are `fields` (its
   * column layout). It must not grow with the history (no per-row arrays).
   */
  createState(fields: StoredFields): State;
  /** Back to the state of an empty history, in place. */
  reset(state: State): void;
  /**
   * One stored row, oldest first. `row`: every stored numeric value, indexed
   * as the layout's storedNumericFields (columnLayout.ts), at the precision the
   * packet carried; `bits`: the booleans, 32 per word, indexed as
   * BOOLEAN_FIELDS. The step writes its columns at row[out], row[out + 1], …
   * A finite value already there was given by the source (a CSV import or a
   * restored chunk carries it): keep it, so a re-export stays identical.
   * Called once per packet: no allocation unless it emits.
   */
  step(state: State, row: Float64Array, bits: Uint32Array, out: number, emit: EventSink): void;
  /**
   * Builds the events the row's step noticed, after every stage has stepped
   * on it: a stage that may notice many per row (the alerts, in a storm of
   * flags) queues them in its state and builds them here, off the packet's
   * path. Called once per row; returns at once when nothing is queued.
   */
  flush?(state: State, emit: EventSink): void;
}
