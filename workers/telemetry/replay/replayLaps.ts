// The replay's own laps: a session's recorded laps, the backend's laps inside
// a backend range, the recorded laps inside a local range (none for an
// import). The Laps tab, the map and the scrubber show those while it
// replays. Apart from ReplayController so the list and its one "changed"
// signal live together.
import type { Lap } from "../../contract/laps";
import { fetchLaps } from "../laps/laps";

export class ReplayLaps {
  /** Oldest first (empty until known). */
  list: Lap[] = [];

  constructor(
    /** The replay's laps changed (the Laps tab is told). */
    private readonly onLaps: () => void,
  ) {}

  /** Forgets them and says so (the Laps tab switches lists). */
  reset(): void {
    this.list = [];
    this.onLaps();
  }

  set(laps: Lap[]): void {
    if (laps.length === 0 && this.list.length === 0) return;
    this.list = laps;
    this.onLaps();
  }

  /** The end times (seconds) of the laps ending between `start` and `end` (the scrubber's ticks). */
  ends(start: number | null, end: number | null): number[] {
    return start === null || end === null
      ? []
      : this.list.map((lap) => lap.endMs / 1000).filter((t) => t >= start && t <= end);
  }

  /**
   * The backend's laps ending inside a backend range (none if the list fails),
   * kept while `current()` says the range is still the one replayed.
   */
  async fromBackend(
    url: string,
    from: number,
    to: number,
    fetchImpl: typeof fetch | undefined,
    current: () => boolean,
  ): Promise<void> {
    const result = await fetchLaps(url, fetchImpl);
    // Still this replay? (another one may have started while the list came.)
    if (!current()) return;
    this.set(result.laps.filter((lap) => lap.endMs / 1000 >= from && lap.endMs / 1000 <= to));
  }
}
