// One window's view: live, or its own replay or import (one ReplayController,
// made at its first replay). The live-or-replay question is answered here,
// once, by which view is shown; the facade and the features read the answer
// (FeatureView) and keep no branch of their own on it. The calls that start
// a replay (playback on, a load, an import) are here too, with the bound on replays.
import type { CsvImportReport } from "../../contract/csv";
import type { LapFetchResult } from "../../contract/laps";
import type { ReplayRequest } from "../../contract/sessions";
import type { WorkerEvent } from "../../contract/telemetryApi";
import type { FeatureView } from "../pipeline/Feature";
import { ReplayController } from "../replay/ReplayController";
import { TelemetryStore } from "../store/TelemetryStore";
import type { CoreViewer } from "./coreTypes";
import type { CsvJobs } from "./csvJobs";
import { refusedImport, replaysFullMessage } from "./replayBound";
import type { TelemetryCore } from "./TelemetryCore";
import { ViewSwitch } from "./viewSwitch";

export class WindowView {
  readonly switch: ViewSwitch;
  private instance: ReplayController | null = null;

  constructor(
    private readonly core: TelemetryCore,
    /** The window: its events, its laps' changes, and the replay bound counts it. */
    private readonly window: CoreViewer,
  ) {
    // Until the window starts: an empty history with its core's columns.
    this.switch = new ViewSwitch(new TelemetryStore({ capacity: 1, layout: core.layout }));
  }

  /** Playback on: what the window shows is its replay (or import), not live. */
  get replaying(): boolean {
    return this.instance?.on ?? false;
  }

  /** The window's replay, made at first use (each holds its own history). */
  get replay(): ReplayController {
    this.instance ??= new ReplayController({
      view: this.switch,
      sessions: () => this.core.sessions,
      layout: this.core.layout,
      replayKinds: this.core.features.flatMap((feature) => feature.replays ?? []),
      features: this.core.features.map((feature) => [feature, this.core.part(feature)] as const),
      timers: this.core.timers,
      fetchImpl: this.core.fetchImpl,
      backendUrl: () => this.core.config.backendUrl,
      capacity: this.core.config.historyCapacity,
      onLaps: () => this.window.lapsChanged(),
    });
    return this.instance;
  }

  /** The window's replay if it ever made one (null: it never replayed). */
  get made(): ReplayController | null {
    return this.instance;
  }

  /** The playback clock while replaying (packet time); null live. */
  clock(): number | null {
    return this.replaying ? this.replay.clock.position : null;
  }

  /** The view shown, as the features read it. */
  shown(): FeatureView {
    const replaying = this.replaying;
    const recorded = replaying ? this.replay.recorded : null;
    return { store: this.switch.store, live: !replaying, clock: this.clock(), recorded };
  }

  /** The lap table of the history on screen: live, or the replay's own laps. */
  shownLaps(): LapFetchResult {
    const live = this.core.liveLaps();
    if (!this.replaying) return live;
    const laps = this.replay.laps.map((lap) => ({ ...lap }));
    return { ...live, laps, message: "OK", error: false };
  }

  /**
   * Whether the history on screen is the demo car's, the one rule for its
   * laps and its forecasts: live, while the source is DEMO; in a replay, a
   * session recorded from DEMO. A backend range or an imported file is not
   * known to be simulated.
   */
  showsSimulated(): boolean {
    if (!this.replaying) return this.core.connectionType === "DEMO";
    const origin = this.replay.history.origin;
    return origin?.kind === "session" && origin.source === "DEMO";
  }

  /** Where the shown rows came from, as a CSV export names it. */
  source(): string {
    const origin = this.replaying ? this.replay.history.origin : null;
    if (origin === null) return this.core.connectionType;
    return origin.kind === "import" ? "imported" : "replay";
  }

  /** SPEC §4: playback on shows the default packet until a replay loads; off is live again. */
  setPlayback(on: boolean): void {
    if (on === true && this.refused()) return;
    if (on === true) this.replay.begin();
    else if (on === false) this.replay.end();
  }

  /** Loads a replay; a load that failed or came incomplete is told to the window. */
  start(request: ReplayRequest): void {
    if (this.refused()) return;
    void this.replay.start(request).then((ok) => {
      const error = this.replay.history.error;
      if (error === null) return;
      const level = ok ? "warning" : "error";
      const message = ok ? `Replay incomplete: ${error}` : error;
      this.send({ type: "sessionNotice", level, message });
    });
  }

  /** An imported file replays in its own history; refused before anything is read. */
  async importCsv(csv: CsvJobs, file: Blob, fileName: string): Promise<CsvImportReport> {
    if (!this.core.mayReplay(this.window))
      return refusedImport(typeof fileName === "string" ? fileName : "");
    const { report, store } = await csv.importFile(file, fileName);
    if (store) {
      // An imported file replays like a recorded session (PLAYBACK, transport bar).
      this.replay.adopt({ kind: "import", name: report.fileName }, store);
      // ...and is kept as a session, so it is listed and replays after a reload.
      void this.core.sessions?.saveImport(store, report.fileName);
    }
    return report;
  }

  /** The window leaves or starts again: its replay and the features' parts in it are gone. */
  dispose(): void {
    this.instance?.dispose();
    this.instance = null;
  }

  /**
   * Each replay holds its own history (about 47 MB): at most MAX_REPLAYS
   * windows replay at once. A refused window is told why; nothing changes.
   */
  refused(): boolean {
    if (this.core.mayReplay(this.window)) return false;
    this.send({ type: "sessionNotice", level: "error", message: replaysFullMessage() });
    return true;
  }

  private send(event: WorkerEvent): void {
    this.window.send(event);
  }
}
