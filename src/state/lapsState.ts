// The lap table: the worker's `laps` events (the backend's list, live laps, or
// the demo car's), kept apart from appState: it is data, not settings. Also
// which lap the user picked, which the map highlights.
import { proxy } from "valtio";
import type { Lap, LapFetchResult } from "../../workers/contract/laps";

interface LapsState {
  laps: Lap[];
  drivers: Record<string, string>;
  message: string;
  error: boolean;
  /** Why the last fetch failed (also when older laps are still shown). */
  reason: string;
  received: boolean;
  /** The lap picked in the table: its packet-time window (epoch seconds). */
  selected: { endMs: number; from: number; to: number } | null;
}

export const lapsState = proxy<LapsState>({
  laps: [],
  drivers: {},
  message: "",
  error: false,
  reason: "",
  received: false,
  selected: null,
});

export function applyLapResult(result: LapFetchResult): void {
  lapsState.laps = result.laps;
  lapsState.drivers = result.drivers;
  lapsState.message = result.message;
  lapsState.error = result.error;
  lapsState.reason = result.reason ?? "";
  lapsState.received = true;
}
