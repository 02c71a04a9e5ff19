// The one list of ingest stages, in the order they run on each packet. A stage
// may read the columns of the stages above it. Their columns are stored in
// this order after the packet's numeric fields (schema/derivedFields.ts).
import { alertsStage } from "../alerts/alertsStage";
import { energyStage } from "../laps/analysis/energyStage";
import { mathStage } from "../math/mathStage";
import { strategyStage } from "../strategy/strategyStage";
import type { Stage } from "./Stage";

// Math channels first: their columns are the first after the packet's
// (channelSlots.ts), and alert rules may watch them. The lap energy totals
// next (laps/analysis/energyStage.ts): the lap table reads them. Alerts last.
export const STAGES: readonly Stage[] = [
  mathStage as Stage,
  energyStage as Stage,
  strategyStage as Stage,
  alertsStage as Stage,
];
