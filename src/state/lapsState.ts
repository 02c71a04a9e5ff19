// The lap table: the GET /laps result from the worker's `laps` events (the
// worker formats the numbers). Kept apart from appState: it is data, not settings.
import { proxy } from "valtio";
import type { FormattedLap, LapFetchResult } from "../../workers/contract";

export interface LapsState {
  laps: FormattedLap[];
  message: string;
  error: boolean;
  received: boolean;
}

export const lapsState = proxy<LapsState>({ laps: [], message: "", error: false, received: false });

export function applyLapResult(result: LapFetchResult): void {
  lapsState.laps = result.laps;
  lapsState.message = result.message;
  lapsState.error = result.error;
  lapsState.received = true;
}
