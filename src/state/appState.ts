// App state (the spec's App state table) lives here, in valtio. Telemetry values
// do not: they stay in the worker and reach the screen through snapshots.
import { proxy } from "valtio";
import type { AppUnits } from "../../workers/contract";

export interface AppState {
  appUnits: AppUnits;
  /** The theme actually shown (the user's choice resolved against the OS). */
  resolvedTheme: "light" | "dark";
}

export const appState = proxy<AppState>({
  appUnits: "metric",
  resolvedTheme: "light",
});
