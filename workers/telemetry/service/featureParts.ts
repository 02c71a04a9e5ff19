// The registered analyses' parts in one core (pipeline/Feature.ts): made once
// per core, in the registry's order. The core names no feature; it asks this
// table what the features declare (their stages, the events a restore reads,
// their shared settings) and routes the live history's stage events to the
// part whose stages emit their kind. The simple hooks (attach, sourceIs,
// afterPacket, …) are called on `all` directly (liveIngest.ts): nothing
// between a packet and the parts.
import type { SessionEvent } from "../../contract/events";
import type { SharedSettingKind, SharedSettings } from "../../contract/windows";
import { ColumnLayout } from "../pipeline/columnLayout";
import { DeclaredEvents } from "../pipeline/declaredEvents";
import type { Feature, LiveContext, LivePart } from "../pipeline/Feature";
import type { Stage, StageEvent } from "../pipeline/Stage";

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

  constructor(
    readonly features: readonly Feature[],
    context: Omit<LiveContext, "layout">,
  ) {
    this.layout = new ColumnLayout(features.flatMap((feature) => feature.stages));
    this.stages = this.layout.stages;
    const withLayout: LiveContext = { ...context, layout: this.layout };
    this.all = features.map((feature) => feature.live(withLayout));
    this.restores = features.flatMap((feature) => feature.restores ?? []);
    this.settingKinds = features.flatMap((feature) => feature.setting ?? []);
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
