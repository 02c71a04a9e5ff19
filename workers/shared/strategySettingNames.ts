// What each strategy setting is called where people read it: the settings
// form's labels, and the worker's reasons for refusing settings ("Race day
// ends: must be a time of day as HH:MM"), so a refusal names the field the
// user sees, not its path in the settings object.

export const SETTING_NAMES = {
  capacityKind: "Pack capacity as",
  ah: "Capacity (Ah)",
  nominalV: "Nominal voltage",
  wh: "Capacity (Wh)",
  targetSocPct: "Target at the end of the day",
  stopSocPct: "Battery protection stops the car at",
  resumeSocPct: "Battery protection lets it drive again at",
  weatherFactor: "Weather factor",
  arrayRatingW: "Array rating",
  timeZone: "Time zone",
  start: "Race day starts",
  end: "Race day ends",
  schedule: "Race day",
  stops: "Planned stops",
  morningCharge: "Morning charging",
  eveningCharge: "Evening charging",
  raceDays: "Race days",
} as const;

const STOP_PARTS: Record<string, string> = { at: "at", minutes: "minutes", label: "what" };
const WINDOW_PARTS: Record<string, string> = { from: "from", to: "to" };

/**
 * The name of the setting at a path into StrategySettings, as the form shows
 * it: ["schedule", "stops", 0, "at"] → "Planned stop 1, at"; the path itself
 * for one the form does not show.
 */
export function settingName(path: readonly PropertyKey[]): string {
  const [head, second, third, fourth] = path.map(String);
  if (path.length === 0) return "Settings";
  if (head === "capacity") {
    if (second === "kind") return SETTING_NAMES.capacityKind;
    if (second === "ah" || second === "nominalV" || second === "wh") return SETTING_NAMES[second];
  }
  if (
    head === "targetSocPct" ||
    head === "stopSocPct" ||
    head === "resumeSocPct" ||
    head === "weatherFactor" ||
    head === "arrayRatingW" ||
    head === "timeZone"
  )
    return SETTING_NAMES[head];
  if (head === "raceDays")
    return third === undefined && second !== undefined && /^\d+$/.test(second)
      ? `Race day ${Number(second) + 1}`
      : SETTING_NAMES.raceDays;
  if (head === "schedule") {
    if (second === undefined) return SETTING_NAMES.schedule;
    if (second === "start" || second === "end") return SETTING_NAMES[second];
    if (second === "stops") {
      if (third === undefined || !/^\d+$/.test(third)) return SETTING_NAMES.stops;
      const stop = `Planned stop ${Number(third) + 1}`;
      return fourth && STOP_PARTS[fourth] ? `${stop}, ${STOP_PARTS[fourth]}` : stop;
    }
    if (second === "morningCharge" || second === "eveningCharge") {
      const window = SETTING_NAMES[second];
      return third && WINDOW_PARTS[third] ? `${window}, ${WINDOW_PARTS[third]}` : window;
    }
  }
  return path.map(String).join(".");
}
