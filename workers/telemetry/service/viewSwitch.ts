// THE view switch: which history (live or replay) every query follows.
// Live and replay are two TelemetryStores of the same shape; the UI sees one
// at a time. Snapshots keep one rising seq across switches: at a switch the
// seq jumps past anything handed out before, and a consumer whose `sinceSeq`
// predates the switch gets every field of the newly shown history once.
import type { BackendState, ConnectionState } from "../../contract/connection";
import type { SeriesRequest, SeriesResult } from "../../contract/series";
import type { StoreSnapshot, TelemetryStore } from "../store/TelemetryStore";

type ViewName = "live" | "replay";

export class ViewSwitch {
  private shown: TelemetryStore;
  private name: ViewName = "live";
  /** seq seen by consumers = offset + store seq. */
  private offset = 0;
  private seqAtSwitch = 0;
  private maxHandedOut = 0;

  constructor(private live: TelemetryStore) {
    this.shown = live;
  }

  get view(): ViewName {
    return this.name;
  }

  get store(): TelemetryStore {
    return this.shown;
  }

  /** A new live store (worker restart): shown at once if live is the view. */
  setLive(live: TelemetryStore): void {
    this.live = live;
    if (this.name === "live") this.show("live", live);
  }

  show(view: ViewName, store: TelemetryStore): void {
    this.name = view;
    this.shown = store;
    this.seqAtSwitch = store.currentSeq;
    this.offset = Math.floor(this.maxHandedOut) + 1 - this.seqAtSwitch;
  }

  showLive(): void {
    this.show("live", this.live);
  }

  snapshot(sinceSeq: number, connection: ConnectionState, backend: BackendState): StoreSnapshot {
    const since = sinceSeq - this.offset;
    const storeSince = since <= this.seqAtSwitch ? 0 : Math.floor(since);
    const snap = this.shown.snapshot(storeSince, connection, backend);
    // An empty history (seq 0) answers 0 with everything; a current consumer needs nothing.
    // Only while the history is still as it was at the switch: once packets
    // arrive, a consumer that saw the empty history needs every field of them.
    if (since > this.seqAtSwitch && storeSince === 0 && snap.seq === this.seqAtSwitch)
      snap.changed = {};
    // Nothing new since the switch: step past it so the next call gets only changes.
    snap.seq = this.offset + snap.seq + (snap.seq === this.seqAtSwitch ? 0.5 : 0);
    if (snap.seq > this.maxHandedOut) this.maxHandedOut = snap.seq;
    if (this.name === "replay") {
      // Live counters (accepted, rate) go on; history figures are the replay's.
      const live = this.live.counters();
      snap.counters = {
        ...live,
        historyLength: snap.counters.historyLength,
        historyCapacity: snap.counters.historyCapacity,
        historyBytes: snap.counters.historyBytes,
        lastPacketTime: snap.counters.lastPacketTime,
      };
    }
    return snap;
  }

  /** Series of the shown history; in replay, "up to the newest" means up to the clock. */
  series(request: SeriesRequest, clock: number | null): SeriesResult {
    return this.shown.series(this.upToClock(request, clock));
  }

  /** One frame's requests of every visible plot, answered from one consistent history. */
  seriesBatch(requests: readonly SeriesRequest[], clock: number | null): SeriesResult[] {
    return this.shown.seriesBatch(requests.map((request) => this.upToClock(request, clock)));
  }

  private upToClock(request: SeriesRequest, clock: number | null): SeriesRequest {
    if (this.name !== "replay" || clock === null) return request;
    const to =
      request.to === null || request.to === undefined ? clock : Math.min(request.to, clock);
    return { ...request, to };
  }
}
