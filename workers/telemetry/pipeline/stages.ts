// The one list of ingest stages, in the order they run on each packet. A stage
// may read the columns of the stages above it. Their columns are stored in
// this order after the packet's numeric fields (schema/derivedFields.ts).
import { alertsStage } from "../alerts/alertsStage";
import { derivedPowerStage } from "./derivedPower";
import type { Stage } from "./Stage";

// Alerts last: their rules may watch any column, Derived.* included.
export const STAGES: readonly Stage[] = [derivedPowerStage, alertsStage as Stage];
