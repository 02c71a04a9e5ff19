// Several windows, one car (issue 38): how a window reaches the telemetry
// core and what the core tells each window about the others. Types only.
//
// In a browser with SharedWorker, one core serves every window of the app on
// this machine (one connection, one history, one recorder). Chromium starts
// no worker inside a SharedWorker, so the core's helper threads (storage,
// poll reader) are SharedWorkers too, which every window connects to (that
// keeps them alive as long as any window is) and whose ports a window hands
// to the core when it joins. Without SharedWorker every window has its own
// core, and exactly one of them records (a Web Lock decides).
import type { ConnectionType } from "./fields";
import type { SectorLine } from "./lapAnalysis";

/** Where this window's core runs: shared by every window, or its own. */
export type CoreHosting = "shared" | "own";

/** What a window tells the core when it joins. */
export interface WindowHello {
  /** Unique for the window's life (a reload is a new window). */
  id: string;
  /**
   * The Web Lock the window holds while it lives. The core asks for it too:
   * when the lock is granted the window is gone, even a killed tab that
   * never said goodbye.
   */
  lockName: string;
  /**
   * The window cannot hold a Web Lock (the page is not a secure context, e.g.
   * plain http from another machine on the team's network): it calls
   * `beat()` every BEAT_EVERY_MS instead, and the core takes it for gone
   * after BEAT_SILENCE_MS without one (workers/shared/windowBeats.ts).
   */
  beats?: true;
  /** Ports to the storage and poll reader SharedWorkers (only a shared core, which cannot start workers). */
  storagePort?: MessagePort;
  pollReaderPort?: MessagePort;
  /**
   * A measuring switch (?coreStorage=inline), only for benchmarks: a shared
   * core writes IndexedDB on its own thread instead of the storage
   * SharedWorker. Read from the window that starts the core.
   */
  coreStorage?: "inline";
}

/**
 * What a port to a helper SharedWorker (storage, poll reader) carries: a
 * fresh port for one user of it (one session store, one poll reader), so
 * every user has a line of its own and nothing it says mixes with another's.
 */
export interface HelperConnect {
  connect: MessagePort;
}

/**
 * A beat on a user's line to a helper: the core sends one every
 * HELPER_BEAT_EVERY_MS and the helper sends it straight back, so a helper
 * that died or hangs is noticed (workers/shared/helperBeats.ts).
 */
export interface HelperBeat {
  beat: number;
}

/** The core's helper threads, which every window starts as SharedWorkers. */
export type HelperKind = "storage" | "pollReader";

/**
 * Which SharedWorker of a helper the core uses, by its name: a helper that
 * stops answering is replaced by one of a new name (a hung one still holds
 * the old name), which every window connects to, so that it lives as long as
 * any window does (WorkerEvent "helper", TelemetryApi.helperPort).
 */
export interface HelperName {
  kind: HelperKind;
  name: string;
}

/**
 * A shared core announces its start on CORES_CHANNEL (workers/shared/workerNames.ts):
 * an older core under another name hears it and ends (the windows replaced
 * it while it hung), and a window whose core is silent joins the new one.
 */
export interface CoreStarted {
  started: string;
}

/** What the core tells every window about the windows it serves (in every Snapshot). */
export interface WindowsState {
  hosting: CoreHosting;
  /** Windows joined to the core (an own core: 1). */
  count: number;
  /**
   * Who records the car: the shared core ("core"); or, with own cores, this
   * window ("this window") or another window of the app ("another window").
   */
  recorder: "core" | "this window" | "another window";
}

/**
 * Replays at once across all windows: each holds its own history (about
 * 47 MB for a replay window of a recorded session), so a pit wall of screens
 * cannot run the machine out of memory by replaying everywhere.
 */
export const MAX_REPLAYS = 3;

/**
 * Settings the core holds for every window. When one window changes one, the
 * core tells the others (WorkerEvent "sharedSettings"), which show it and
 * keep what they save in step.
 */
export type SharedSettingKind =
  | "source"
  | "backend"
  | "recording"
  | "alertRules"
  | "mathChannels"
  | "sectors"
  | "strategy"
  | "finishLine"
  /** A registered analysis's own setting (TelemetryApi.featureSetting), named by its feature id. */
  | `feature:${string}`;

/**
 * The core's plain settings as a window reads them when another window changed
 * one (TelemetryApi.sharedSettings). The alert rules, math channels and
 * strategy settings have getters of their own; the finish line travels in its
 * own "lapCoords" event, sent to every window.
 */
export interface SharedSettings {
  connectionType: ConnectionType;
  backendUrl: string;
  recording: boolean;
  webSocketUpgrade: boolean;
  sectorLines: SectorLine[];
}
