// A restore that comes in slices (TelemetryStore.beginRestore … endRestore),
// and appending stored rows that the stages then run over. Apart from the
// store because it is a state of its own (the live rows set aside, the
// packets held) that the per-packet path only looks at: one null check
// while no restore runs.
import type { RowSlices } from "../../contract/storageProtocol";
import type { ColumnRing } from "../history/ColumnRing";
import type { Pipeline } from "../pipeline/Pipeline";
import { DROP_EVENTS, type EventSink } from "../pipeline/Stage";
import { HeldPackets } from "./heldPackets";

type StoreRow = (nums: Float64Array, bits: Uint32Array, strs: readonly string[]) => void;

/**
 * Appends stored rows (oldest first) and runs the stages over them alone,
 * sending their events to `sink` (default: the pipeline's own). Per slice,
 * not over the whole history again (that is quadratic in the slices).
 */
export function appendAndRun(
  ring: ColumnRing,
  pipeline: Pipeline,
  rows: RowSlices,
  sink?: EventSink,
): boolean {
  if (!ring.appendRows(rows)) return false;
  const kept = Math.min(rows.count, ring.capacity);
  pipeline.runRows(ring.length - kept, ring.length, sink);
  return true;
}

export class RestoreInSlices {
  /** Packets refused for the held bound. */
  private dropped = 0;

  private constructor(
    /** The live rows that arrived before the restore, set aside. */
    private readonly live: RowSlices,
    /** Live packets held while the restore runs (heldPackets.ts). */
    private readonly held: HeldPackets,
  ) {}

  /**
   * Starts a restore: the live rows that arrived so far are set aside, the
   * history is emptied and the stages start afresh; until end, live packets
   * are checked and held so that none lands between two slices of the day.
   */
  static begin(ring: ColumnRing, pipeline: Pipeline, heldMax: number): RestoreInSlices {
    const live = ring.exportRows(0, ring.length);
    ring.clear();
    pipeline.reset();
    return new RestoreInSlices(
      live,
      new HeldPackets(ring.names.storedNumericFields.length, ring.boolWords, heldMax),
    );
  }

  /** Holds a checked live packet for after the restore; else the reason it is not kept. */
  hold(nums: Float64Array, bits: Uint32Array, strs: readonly string[]): string | null {
    if (this.held.push(nums, bits, strs)) return null;
    this.dropped++;
    return `packet: arrived while the recorded day was being restored, after ${this.held.max.toLocaleString("en-US")} others that wait for it (not kept)`;
  }

  /**
   * Ends the restore: the live rows set aside go back after the restored
   * ones, then the packets held meanwhile are stored as they would have been
   * (the stages emit their events now). Without any live packet, the newest
   * restored row becomes the shown packet (`show`), so the panels show what
   * they showed before the reload. Returns the packets refused for the bound.
   */
  end(
    ring: ColumnRing,
    pipeline: Pipeline,
    show: (logical: number) => void,
    store: StoreRow,
  ): number {
    const live = this.live;
    const held = this.held;
    // Their events were emitted when they were live.
    if (live.count > 0) appendAndRun(ring, pipeline, live, DROP_EVENTS);
    else if (held.length === 0 && ring.length > 0) show(ring.length - 1);
    held.drain(store);
    return this.dropped;
  }
}
