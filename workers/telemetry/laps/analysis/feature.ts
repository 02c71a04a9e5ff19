// Lap energy and lap analysis as a registered analysis
// (workers/telemetry/features.ts): the stage keeps each lap's energy totals
// as columns of every history; the lap tables, sectors and comparisons are
// read from them on demand, so nothing is kept per core beside the sector
// lines, which the core holds as a shared setting.
import type { Feature } from "../../pipeline/Feature";
import type { Stage } from "../../pipeline/Stage";
import { energyStage } from "./energyStage";

export const lapsFeature: Feature = {
  id: "laps",
  stages: [energyStage as Stage],
  setting: "sectors",
  panel: true,
  live: () => ({}),
};
