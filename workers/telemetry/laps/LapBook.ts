// The lap table the worker keeps: the backend's list (GET /laps), live laps
// (lapData in NETWORK, the simulated car's in DEMO), the fetch status and the
// driver names. A failed fetch keeps the laps already shown, and once laps
// have arrived from any source the fetch error is no longer the news.
import type { Lap, LapFetchResult } from "../../contract/laps";
import type { LapListResult } from "./laps";

const MAX_LAPS = 1000;

const DEMO_LAPS_MESSAGE =
  "Laps come from the simulated demo car each time it crosses the finish line (DEMO has no backend).";

const lapKey = (lap: Lap) => `${lap.endMs}|${lap.rfid}`;

export class LapBook {
  private laps: Lap[] = [];
  private message = "OK";
  private error = false;
  /** Why the last fetch failed (kept beside laps already shown, so a refresh that fails is said). */
  private reason: string | undefined;
  private drivers: Record<string, string> = {};

  /** The backend's full list replaces what we had; a failure keeps it. */
  applyFetch(result: LapListResult): void {
    this.reason = result.reason;
    if (result.error) {
      this.message = result.message;
      this.error = this.laps.length === 0;
      return;
    }
    // Simulated laps are not the backend's: they stay only if the list is empty.
    this.laps = result.laps.slice(-MAX_LAPS);
    this.message = result.message;
    this.error = false;
  }

  setDrivers(drivers: Record<string, string>): void {
    this.drivers = { ...drivers };
  }

  add(lap: Lap): void {
    this.laps.push(lap);
    if (this.laps.length > MAX_LAPS) this.laps.shift();
    this.error = false; // "Error fetching lap data" goes once laps arrive from anywhere
  }

  /**
   * DEMO is live: its laps are the simulated car's and there is no backend to
   * fetch from, so an earlier fetch error is not the news. True if an error
   * was shown (the message alone is only read beside an error).
   */
  fromDemo(): boolean {
    const changed = this.error;
    this.message = DEMO_LAPS_MESSAGE;
    this.error = false;
    this.reason = undefined;
    return changed;
  }

  /**
   * Laps read back from the recorded session after a reload: added where they
   * are missing (a lap is known by its end and driver), in time order, so
   * numbering goes on where it was. True if any was added.
   */
  merge(laps: readonly Lap[]): boolean {
    const known = new Set(this.laps.map(lapKey));
    const missing = laps.filter((lap) => !known.has(lapKey(lap)));
    if (missing.length === 0) return false;
    this.laps = [...this.laps, ...missing].sort((a, b) => a.endMs - b.endMs).slice(-MAX_LAPS);
    this.error = false;
    return true;
  }

  /** Laps of the simulated car go when a real source takes over (never shown as the car's). */
  dropSimulated(): boolean {
    const before = this.laps.length;
    this.laps = this.laps.filter((lap) => !lap.simulated);
    return this.laps.length !== before;
  }

  result(): LapFetchResult {
    return {
      laps: this.laps.map((lap) => ({ ...lap })),
      message: this.message,
      error: this.error,
      drivers: { ...this.drivers },
      ...(this.reason ? { reason: this.reason } : {}),
    };
  }
}
