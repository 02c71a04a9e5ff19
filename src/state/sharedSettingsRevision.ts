// Settings the core holds for every window that a view shows from its own
// read (the alert rules, math channels and strategy forms, the lap table cut
// by the sector lines, a registered analysis's own setting): when the core's
// value changes, its revision moves here and the view reads the core's
// again, so a save from here never writes back an older copy.
import { proxy } from "valtio";

export const sharedSettingsRevision = proxy({
  alertRules: 0,
  mathChannels: 0,
  strategy: 0,
  sectors: 0,
  /** By feature id: a "feature:<id>" kind (TelemetryApi.featureSetting). */
  features: {} as Record<string, number>,
});
