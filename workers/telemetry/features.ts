// The registry of analyses: one line per feature, in the order their stages
// run (a stage reads only the packet and the columns of stages above it:
// tests/unit/stage-order.test.ts). The core composes what is listed here
// (service/TelemetryCore.ts) and names none; the UI lists their panels by
// the same ids (src/shell/navbar/tabs.tsx). docs/architecture.md, "Adding an
// analysis", walks through one.
import { alertsFeature } from "./alerts/feature";
import { lapsFeature } from "./laps/analysis/feature";
import { mathFeature } from "./math/feature";
import { notesFeature } from "./notes/feature";
import type { Feature } from "./pipeline/Feature";
import { ColumnLayout } from "./pipeline/columnLayout";
import { strategyFeature } from "./strategy/feature";
import { weatherFeature } from "./weather/feature";

export const FEATURES: readonly Feature[] = [
  weatherFeature as Feature,
  mathFeature as Feature,
  lapsFeature,
  strategyFeature as Feature,
  alertsFeature as Feature,
  notesFeature as Feature,
];

/**
 * The columns of a history whose stages are those of `features`, in their
 * order: built here, at the top, and handed down (pipeline/columnLayout.ts).
 */
export function layoutOf(features: readonly Feature[]): ColumnLayout {
  return new ColumnLayout(features.flatMap((feature) => feature.stages));
}

/** The registered features' layout: every history of the app has it. */
export const LAYOUT: ColumnLayout = layoutOf(FEATURES);
