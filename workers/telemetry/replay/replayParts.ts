// The registered features' parts in one window's replay (Feature.replayPart),
// made with the replay: the controller tells them all the same things (cleared,
// loading, history swapped, disposed) and so names no feature. Apart from
// ReplayController so the composing sits in one short place.
import type { Feature, LivePart, ReplayContext, ReplayPart } from "../pipeline/Feature";

export class ReplayParts {
  private readonly parts = new Map<Feature, ReplayPart>();

  constructor(features: readonly (readonly [Feature, LivePart])[], context: ReplayContext) {
    for (const [feature, live] of features) {
      const part = feature.replayPart?.(live, context);
      if (part) this.parts.set(feature, part);
    }
  }

  each(run: (part: ReplayPart) => void): void {
    for (const part of this.parts.values()) run(part);
  }

  of(feature: Feature): ReplayPart | null {
    return this.parts.get(feature) ?? null;
  }
}
