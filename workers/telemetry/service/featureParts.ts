// The registered analyses' parts in one core (pipeline/Feature.ts): made once
// per core, in the registry's order. The core names no feature; it asks this
// table what the features declare (their stages, the events a restore reads,
// their shared settings) and routes the live history's stage events to the
// part whose stages emit their kind. The simple hooks (attach, sourceIs,
// afterPacket, …) are called on `all` directly (liveIngest.ts): nothing
// between a packet and the parts. A feature's setting reaches every history
// one way, here (settingTaken), with the progress of what is computed again.
import type { SessionEvent } from "../../contract/events";
import type { SharedSettingKind, SharedSettings } from "../../contract/windows";
import { Board } from "../pipeline/board";
import { ColumnLayout } from "../pipeline/columnLayout";
import { DeclaredEvents } from "../pipeline/declaredEvents";
import type { Feature, LiveContext, LivePart, RecomputeJob } from "../pipeline/Feature";
import type { Stage, StageEvent } from "../pipeline/Stage";
import type { TelemetryStore } from "../store/TelemetryStore";
import type { CoreViewer } from "./coreTypes";

/** What the core gives every feature's part alike (FeatureParts adds the rest). */
export type CoreContext = Omit<LiveContext, "layout" | "recomputing" | "board">;

export class FeatureParts {
  /** Each feature's part, at the feature's index. */
  readonly all: readonly LivePart[];
  /** The columns of every history of this core: its features' stages'. */
  readonly layout: ColumnLayout;
  /** Every registered stage, in the registry's order (features.ts). */
  readonly stages: readonly Stage[];
  /** The kinds of session event a restore reads back, for every feature. */
  readonly restores: readonly string[];
  /** The shared settings the features own (SharedSettingKind), in the registry's order. */
  readonly settingKinds: readonly SharedSettingKind[];
  /** The live history's stage events, by kind, to the part whose stages emit them. */
  private readonly sinks = new Map<string, (event: StageEvent) => void>();
  /** The histories each "recompute" feature computes again now (Feature.onSettingChange). */
  private readonly jobs = new Map<Feature, Set<RecomputeJob>>();

  constructor(
    readonly features: readonly Feature[],
    context: CoreContext,
  ) {
    this.layout = new ColumnLayout(features.flatMap((feature) => feature.stages));
    this.stages = this.layout.stages;
    const board = new Board();
    this.all = features.map((feature) => {
      const part = feature.live({
        ...context,
        board,
        layout: this.layout,
        recomputing: () => this.progress(feature),
      });
      // A setting kept through `shared` starts at its declared default.
      if (feature.setting && feature.shared) feature.shared.set(part, feature.setting.default());
      return part;
    });
    this.restores = features.flatMap((feature) => feature.restores ?? []);
    this.settingKinds = features.flatMap((feature) => feature.setting?.kind ?? []);
    features.forEach((feature, f) => {
      const sink = this.all[f]!.sink?.bind(this.all[f]);
      if (sink) for (const kind of feature.emits ?? []) this.sinks.set(kind, sink);
    });
  }

  /** A registered feature's part, typed as the feature declares it. */
  part<Part extends LivePart>(feature: Feature<Part>): Part {
    const f = this.features.indexOf(feature as Feature);
    if (f < 0) throw new Error(`the feature "${feature.id}" is not registered with this core`);
    return this.all[f] as Part;
  }

  /**
   * `feature`'s setting was set from `from` and taken: every history alive
   * takes it the same way, whatever the feature (LivePart.settingApplied): the
   * core's own (`core.histories`: the live one, a restore's preview) and each window's
   * replay or import, whose replay part hears it too (ReplayPart.settingChanged:
   * the setting window's, and the others' when the value `moved`). What a
   * "recompute" feature answers is kept for its progress (LiveContext.recomputing).
   */
  settingTaken(
    feature: Feature,
    core: { readonly histories: readonly TelemetryStore[] },
    windows: Iterable<CoreViewer>,
    from: CoreViewer | undefined,
    moved: boolean,
  ): void {
    const part = this.part(feature);
    const apply = (store: TelemetryStore) => {
      const job = part.settingApplied?.(store);
      if (job && feature.onSettingChange === "recompute") this.track(feature, job);
    };
    core.histories.forEach(apply);
    for (const viewer of windows) {
      const replay = viewer.replayHistory();
      if (!replay) continue;
      apply(replay);
      if (moved || viewer === from) viewer.replayPart(feature)?.settingChanged?.();
    }
  }

  /** Rows done and to do over the histories `feature` computes again now; null: none. */
  private progress(feature: Feature): { done: number; total: number } | null {
    let done = 0;
    let total = 0;
    let running = false;
    for (const job of this.jobs.get(feature) ?? []) {
      const now = job.progress();
      if (!now) continue;
      running = true;
      done += now.done;
      total += now.total;
    }
    return running ? { done, total } : null;
  }

  private track(feature: Feature, job: RecomputeJob): void {
    let jobs = this.jobs.get(feature);
    if (!jobs) this.jobs.set(feature, (jobs = new Set()));
    jobs.add(job);
    const over = () => void jobs.delete(job);
    job.finished.then(over, over);
  }

  /** The live history's stage events, to the feature whose stages emit their kind. */
  readonly stageEvent = (event: StageEvent): void => {
    this.sinks.get(event.kind)?.(event);
  };

  /** What every recorded session begins with, dated `time` (packet time). */
  startEvents(time: number): SessionEvent[] {
    return this.all.flatMap((part) => part.startEvents?.(time) ?? []);
  }

  /**
   * A restore's events, each feature given the kinds it reads (Feature.restores),
   * each event checked with the schema of the feature that declares its kind
   * (Feature.events): a damaged or foreign one is dropped.
   */
  restore(events: readonly SessionEvent[]): void {
    const checked = new DeclaredEvents(this.features).check(events).events;
    this.features.forEach((feature, f) => {
      const kinds = new Set(feature.restores ?? []);
      if (kinds.size === 0) return;
      this.all[f]!.restore?.(checked.filter((event) => kinds.has(event.kind)));
    });
  }

  /** The features' parts of the core's plain shared settings (the laps' sector lines). */
  sharedSettings(): Partial<SharedSettings> {
    return Object.assign({}, ...this.all.map((part) => part.sharedSettings?.() ?? {}));
  }

  /** Fields some feature keeps watching (LiveContext.watchedFields). */
  watchedFields(): ReadonlySet<string> {
    return new Set(this.all.flatMap((part) => [...(part.watches?.() ?? [])]));
  }

  /** A feature speaks for this core notification instead (one toast, not two). */
  claims(notification: "carDisconnect"): boolean {
    return this.all.some((part) => part.claims?.(notification));
  }
}
