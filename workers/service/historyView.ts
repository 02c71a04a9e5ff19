// THE one place that decides which history the screen shows: live, or a CSV
// the user imported. snapshot(), series() and CSV export read `view.store`.
// Live keeps ingesting underneath. Issue 8 (sessions/replay) replaces this
// with its live/replay view; keep every view decision here so that swap is
// one file.
//
// Snapshot seqs of the two histories are unrelated, so the seq handed to the
// UI carries a generation that changes on every switch: a consumer holding a
// seq of another generation gets every field again.
import type { HistoryViewState, Snapshot } from "../contract";
import type { TelemetryStore } from "../store/TelemetryStore";

const GENERATION = 1e12;

export class HistoryView {
  private imported: { store: TelemetryStore; fileName: string } | null = null;
  private generation = 0;

  constructor(private readonly live: () => TelemetryStore) {}

  /** The history snapshot, series and export read now. */
  get store(): TelemetryStore {
    return this.imported?.store ?? this.live();
  }

  get isLive(): boolean {
    return this.imported === null;
  }

  get state(): HistoryViewState {
    return this.imported
      ? {
          kind: "imported",
          fileName: this.imported.fileName,
          rows: this.imported.store.counters().historyLength,
        }
      : { kind: "live" };
  }

  showImported(store: TelemetryStore, fileName: string): void {
    this.imported = { store, fileName };
    this.generation++;
  }

  showLive(): void {
    if (this.imported === null) return;
    this.imported = null;
    this.generation++;
  }

  /** The consumer's seq in the viewed store's terms: 0 (everything) after a switch. */
  storeSeq(sinceSeq: number): number {
    const base = this.generation * GENERATION;
    return sinceSeq >= base && sinceSeq < base + GENERATION ? sinceSeq - base : 0;
  }

  /** Marks the snapshot with this view and its generation. */
  apply(snapshot: Snapshot): Snapshot {
    snapshot.seq += this.generation * GENERATION;
    snapshot.view = this.state;
    return snapshot;
  }
}
