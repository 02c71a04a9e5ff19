// What a window composes of the registered features (pipeline/Feature.ts),
// for the view it shows: each one's calls (made once, exposed by the facade
// as its own), its part of the snapshot, its marks on the series and track
// answers and its shared setting by id. Names no feature.
import type { SeriesRequest, SeriesResult } from "../../contract/series";
import type { Snapshot } from "../../contract/snapshot";
import type { TrackResult } from "../../contract/track";
import type { ZodError } from "zod";
import type { Feature, ReplayPart, WindowAccess } from "../pipeline/Feature";
import type { CoreViewer } from "./coreTypes";
import type { TelemetryCore } from "./TelemetryCore";
import type { WindowView } from "./windowView";

type FeatureParts = Pick<Snapshot, "math" | "strategy" | "alerts" | "features">;
type SettingResult = { ok: true } | { ok: false; message: string };

/** What a setting's schema found wrong first, as a user reads it ("count: too small"). */
function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The setting is not valid.";
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

export class WindowFeatures {
  constructor(
    private readonly core: TelemetryCore,
    private readonly window: CoreViewer,
    private readonly views: WindowView,
  ) {}

  /** Each registered feature's calls for this window (Feature.api). */
  apis(): object[] {
    return this.core.features.flatMap((feature) =>
      feature.api ? [feature.api(this.core.part(feature), this.access(feature))] : [],
    );
  }

  /** The features' parts of the snapshot: in the field the contract names, or under `features`. */
  snapshotParts(): FeatureParts {
    const named: Partial<Snapshot> = {};
    const own: Record<string, unknown> = {};
    const view = this.views.shown();
    for (const feature of this.core.features) {
      if (!feature.snapshot) continue;
      const part = feature.snapshot(this.core.part(feature), view, this.replayPart(feature));
      if (feature.snapshotField) Object.assign(named, { [feature.snapshotField]: part });
      else own[feature.id] = part;
    }
    const features = Object.keys(own).length > 0 ? { features: own } : {};
    return { ...(named as FeatureParts), ...features };
  }

  /** The features' marks on a batch of series answers (the alerts' bands). */
  markSeries(requests: readonly SeriesRequest[], results: SeriesResult[]): void {
    const view = this.views.shown();
    for (const feature of this.core.features)
      feature.series?.(this.core.part(feature), view, this.replayPart(feature), requests, results);
  }

  /** The features' marks on a track answer over [from, to] (the alerts' pins). */
  markTrack(span: { from: number | null; to: number | null }, track: TrackResult): void {
    const view = this.views.shown();
    for (const feature of this.core.features)
      feature.track?.(this.core.part(feature), view, this.replayPart(feature), span, track);
  }

  featureSetting(id: string): unknown {
    const feature = this.core.features.find((f) => f.id === id);
    return feature?.shared?.read(this.core.part(feature));
  }

  setFeatureSetting(id: string, value: unknown): SettingResult {
    const feature = this.core.features.find((f) => f.id === id && f.shared);
    if (!feature) return { ok: false, message: `No analysis "${String(id)}" has a setting.` };
    const part = this.core.part(feature);
    // The declared shape first: a value that fails it changes nothing.
    const checked = feature.setting?.schema.safeParse(value);
    if (checked && !checked.success) return { ok: false, message: zodMessage(checked.error) };
    const read = () => feature.shared!.read(part);
    const apply = () => feature.shared!.set(part, checked ? checked.data : value);
    return this.core.setFeatureSetting(feature, this.window, read, apply);
  }

  /** `feature`'s part in this window's replay, once the window made one. */
  private replayPart(feature: Feature) {
    return this.views.made?.partOf(feature) ?? null;
  }

  /** What `feature`'s calls are given of this window (Feature.api). */
  private access(feature: Feature): WindowAccess<ReplayPart> {
    const views = this.views;
    return {
      replayPart: () => this.replayPart(feature),
      fieldCatalog: () => this.core.liveStore.fieldCatalog(),
      view: () => views.shown(),
      shownLaps: () => views.shownLaps(),
      showsSimulated: () => views.showsSimulated(),
      finishLine: () => this.core.finishLine,
      sessions: () => this.core.sessions,
      drivers: () => this.core.liveLaps().drivers,
      capacity: () => this.core.config.historyCapacity,
      changeSetting: (read, apply) =>
        this.core.setFeatureSetting(feature, this.window, read, apply),
    };
  }
}
