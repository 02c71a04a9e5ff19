// App state (the spec's App state table) lives here, in valtio. Telemetry values
// do not: they stay in the worker and reach the screen through snapshots.
// Connection fields mirror the worker's snapshots (connectionMirror.ts, the one
// place they are written); the rest are the user's settings, restored from
// localStorage at start (connectionType too: the worker starts in it).
import { proxy } from "valtio";
import type { AppUnits, ConnectionType } from "../../workers/contract/fields";
import type { LapCoords } from "../../workers/contract/laps";
import type { LoadingPhase } from "./loadingPhases";
import type { ThemeChoice, TimesIn } from "./settingsSchema";
import { DEFAULT_FAVOURITES } from "./favourites";
import { defaultSettings } from "./settingsSchema";

export interface PlaybackDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  startTime: string;
  endTime: string;
}

export interface AppState {
  appUnits: AppUnits;
  /** ms, as reported by the backend; null until received. */
  carLatency: number | null;
  connectionType: ConnectionType;
  /** Whether the loading screen is shown (its phase machine decides). */
  displayLoading: boolean;
  error: string | null;
  favourites: string[];
  lapCoords: LapCoords | null;
  loading: boolean;
  /** The backend's last carConnect (true) / carDisconnect (false); null until the first. */
  mqttConnected: boolean | null;
  playbackDateTime: PlaybackDateTime;
  playbackSwitch: boolean;
  radioConnected: boolean;
  socketConnected: boolean;
  /** Round trip of the ping, ms; null until the first ack. */
  userLatency: number | null;

  // Beyond the spec table: what the shell needs.
  loadingPhase: LoadingPhase;
  backendUrl: string;
  radioBaudRate: number;
  themeChoice: ThemeChoice;
  /** Settings → Sessions: record live packets (saved; the worker starts with it). */
  recording: boolean;
  /** Settings → Connection: allow the WebSocket upgrade (saved; the worker starts with it). */
  webSocketUpgrade: boolean;
  /** Settings → Display: show times in the race's zone or this computer's (saved; every window follows). */
  timesIn: TimesIn;
  /** The theme actually shown (the user's choice resolved against the OS). */
  resolvedTheme: "light" | "dark";
}

const defaults = defaultSettings();

export const appState = proxy<AppState>({
  appUnits: defaults.appUnits,
  carLatency: null,
  connectionType: "DEMO",
  displayLoading: true,
  error: null,
  favourites: [...DEFAULT_FAVOURITES],
  lapCoords: defaults.lapCoords,
  loading: true,
  mqttConnected: null,
  playbackDateTime: defaults.playbackDateTime,
  playbackSwitch: false,
  radioConnected: false,
  socketConnected: false,
  userLatency: null,
  loadingPhase: "drive-in",
  backendUrl: defaults.backendUrl,
  radioBaudRate: 115200,
  themeChoice: "system",
  recording: defaults.recording,
  webSocketUpgrade: defaults.webSocketUpgrade,
  timesIn: defaults.timesIn,
  resolvedTheme: "light",
});
