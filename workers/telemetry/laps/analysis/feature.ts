// Lap energy and lap analysis as a registered analysis
// (workers/telemetry/features.ts): the stage keeps each lap's energy totals
// as columns of every history; the lap tables, sectors and comparisons are
// read from them on demand (lapsApi.ts). The live part keeps the sector
// lines, the feature's shared setting.
import type { Feature } from "../../pipeline/Feature";
import type { Stage } from "../../pipeline/Stage";
import { energyStage } from "./energyStage";
import { lapsApi } from "./lapsApi";
import { SectorDesk } from "./sectorDesk";
import { sectorLinesSchema } from "./sectors";
import { lapsParquet } from "./lapsParquet";

export const lapsFeature: Feature<SectorDesk> = {
  id: "laps",
  stages: [energyStage as Stage],
  setting: { kind: "sectors", schema: sectorLinesSchema, default: () => [] },
  panel: true,
  // A session without lap events has no laps table (the data's rows still hold the energy totals).
  seasonTable: {
    name: "laps",
    write: async (sessions, session) => {
      const laps = await sessions.sessionLaps(session.id);
      return laps.length > 0 ? lapsParquet(laps) : null;
    },
  },
  live: () => new SectorDesk(),
  api: (sectors, window) => lapsApi(sectors, window),
};
