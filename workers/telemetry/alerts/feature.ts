// The alerts as a registered analysis (workers/telemetry/features.ts): the
// stage checks every rule on every packet of every history; the live part
// keeps the live log, records its starts, ends and acknowledgements with the
// session, brings them back after a reload, and announces new alerts.
import { ALERT_EVENT_KINDS } from "../../shared/storage/eventKinds";
import type { Feature } from "../pipeline/Feature";
import type { Stage } from "../pipeline/Stage";
import { AlertsDesk } from "./alertsDesk";
import { alertsStage } from "./alertsStage";

export const alertsFeature: Feature<AlertsDesk> = {
  id: "alerts",
  stages: [alertsStage as Stage],
  emits: ["alert"],
  restores: ALERT_EVENT_KINDS,
  setting: "alertRules",
  panel: true,
  live: (context) => new AlertsDesk(context),
};
