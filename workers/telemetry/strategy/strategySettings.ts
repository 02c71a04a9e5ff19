// The strategy settings as the worker takes them: checked whole (zod for the
// shapes, then what shapes cannot say: a real time zone, a day that ends
// after it starts, stops inside the day, charging outside it), refused with
// every reason in words a user can act on, and nothing changed on refusal.
import { isTimeZone, parseLocalTime } from "../../shared/dateTime";
import { settingName } from "../../shared/strategySettingNames";
import { z } from "zod";
import type { StrategySettings } from "../../contract/strategy";

/**
 * The demo car's pack (40 Ah, 32 cells × 3.6 V nominal) and its battery
 * protection (the car stops at 5 % and drives again at 10 %), the track's
 * time zone (US Central, near Bowling Green) and a solar race's usual day:
 * driving 09:00–17:00, charging from the sun two hours either side.
 */
export const DEFAULT_STRATEGY_SETTINGS: StrategySettings = {
  capacity: { kind: "Ah", ah: 40, nominalV: 32 * 3.6 },
  targetSocPct: 10,
  stopSocPct: 5,
  resumeSocPct: 10,
  weatherFactor: 1,
  arrayRatingW: null,
  timeZone: "America/Chicago",
  schedule: {
    start: "09:00",
    end: "17:00",
    stops: [],
    morningCharge: { from: "07:00", to: "09:00" },
    eveningCharge: { from: "17:00", to: "19:00" },
  },
  raceDays: [],
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const localTime = z.string().regex(TIME, "must be a time of day as HH:MM (24 h), e.g. 09:00");
const finite = z.number({ error: "must be a number" }).refine(Number.isFinite, "must be finite");
const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const raceDay = z.string().regex(ISO_DAY, "must be a date as YYYY-MM-DD, e.g. 2026-07-14");
const window = z.strictObject({ from: localTime, to: localTime }).nullable();

/** The settings' shape (what shapes cannot say is checked by checkStrategySettings). */
export const strategySettingsSchema = z.strictObject({
  capacity: z.discriminatedUnion(
    "kind",
    [
      z.strictObject({
        kind: z.literal("Ah"),
        ah: finite.gt(0, "must be more than 0 Ah").max(10_000, "must be at most 10000 Ah"),
        nominalV: finite.gt(0, "must be more than 0 V").max(2_000, "must be at most 2000 V"),
      }),
      z.strictObject({
        kind: z.literal("Wh"),
        wh: finite.gt(0, "must be more than 0 Wh").max(10_000_000, "must be at most 10 MWh"),
      }),
    ],
    { error: 'capacity.kind must be "Ah" or "Wh"' },
  ),
  targetSocPct: finite.min(0, "must be 0 % or more").max(100, "must be 100 % or less"),
  // Settings saved before the protection was kept have neither: the car
  // drove to empty then, and their forecasts stay as they were.
  stopSocPct: finite.min(0, "must be 0 % or more").max(50, "must be 50 % or less").default(0),
  resumeSocPct: finite.min(0, "must be 0 % or more").max(100, "must be 100 % or less").default(0),
  weatherFactor: finite.min(0, "must be 0 or more").max(2, "must be 2 or less"),
  // Settings saved before the rating was kept have none: not set, so the
  // forecaster learns the array from the day's data, as it did then.
  arrayRatingW: finite
    .gt(0, "must be more than 0 W")
    .max(20_000, "must be at most 20000 W")
    .nullable()
    .default(null),
  timeZone: z.string().min(1, "must name a time zone, e.g. America/Chicago").max(100),
  schedule: z.strictObject({
    start: localTime,
    end: localTime,
    stops: z
      .array(
        z.strictObject({
          at: localTime,
          minutes: finite.gt(0, "must be more than 0 minutes").max(600),
          label: z.string().max(100, "must be at most 100 characters"),
        }),
      )
      .max(50, "at most 50 planned stops"),
    morningCharge: window,
    eveningCharge: window,
  }),
  // Settings saved before the race's days were kept have none: one day at a time, as then.
  raceDays: z.array(raceDay).max(30, "at most 30 race days").default([]),
});

type SettingsCheck = { ok: true; settings: StrategySettings } | { ok: false; message: string };

// The shape has checked "HH:MM" already.
const minutesOf = (time: string): number => parseLocalTime(time) ?? NaN;

/** What zod's shapes cannot check: the protection's order, the zone, the order of the day's times. */
function settingProblems(s: StrategySettings): string[] {
  const problems: string[] = [];
  if (s.resumeSocPct < s.stopSocPct)
    problems.push(
      `${settingName(["resumeSocPct"])}: must be at or above where it stops the car (${s.stopSocPct} %)`,
    );
  if (s.targetSocPct < s.stopSocPct)
    problems.push(
      `${settingName(["targetSocPct"])}: must be at or above where battery protection stops the car (${s.stopSocPct} %)`,
    );
  if (!isTimeZone(s.timeZone))
    problems.push(
      `${settingName(["timeZone"])}: "${s.timeZone}" is not a time zone this browser knows (e.g. America/Chicago)`,
    );
  const { start, end, stops, morningCharge, eveningCharge } = s.schedule;
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (to <= from)
    problems.push(
      `${settingName(["schedule"])}: the day must end after it starts (${start}–${end})`,
    );
  stops.forEach((stop, i) => {
    const at = minutesOf(stop.at);
    if (at < from || at + stop.minutes > to)
      problems.push(
        `${settingName(["schedule", "stops", i])}: the stop at ${stop.at} must lie within the day (${start}–${end})`,
      );
  });
  if (morningCharge) {
    if (minutesOf(morningCharge.to) <= minutesOf(morningCharge.from))
      problems.push(`${settingName(["schedule", "morningCharge"])}: must end after it starts`);
    else if (minutesOf(morningCharge.to) > from)
      problems.push(
        `${settingName(["schedule", "morningCharge"])}: must end by the start of the day (${start})`,
      );
  }
  if (eveningCharge) {
    if (minutesOf(eveningCharge.to) <= minutesOf(eveningCharge.from))
      problems.push(`${settingName(["schedule", "eveningCharge"])}: must end after it starts`);
    else if (minutesOf(eveningCharge.from) < to)
      problems.push(
        `${settingName(["schedule", "eveningCharge"])}: must start at or after the end of the day (${end})`,
      );
  }
  s.raceDays.forEach((day, i) => {
    // A day the calendar does not have (2026-02-30) parses as another: it must read back the same.
    if (new Date(`${day}T12:00:00Z`).toISOString().slice(0, 10) !== day)
      problems.push(`${settingName(["raceDays", i])}: ${day} is not a date in the calendar`);
    else if (i > 0 && day <= s.raceDays[i - 1]!)
      problems.push(
        `${settingName(["raceDays"])}: each day must come after the one before (${s.raceDays[i - 1]}, then ${day})`,
      );
  });
  return problems;
}

const refused = (why: string): SettingsCheck => ({
  ok: false,
  message: `Strategy settings not saved: ${why}.`,
});

/** What a value that is not settings is, in a few words. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  return value === null ? "null" : `a ${typeof value}`;
}

/**
 * Checks settings as sent (from the UI, or the JSON text the browser saved):
 * taken whole, or every reason.
 */
export function checkStrategySettings(sent: unknown): SettingsCheck {
  let value = sent;
  if (typeof sent === "string") {
    try {
      value = JSON.parse(sent);
    } catch (error) {
      return refused(`the saved text is not JSON (${(error as Error).message.slice(0, 120)})`);
    }
  }
  // Said before the shapes are checked: zod's words for the whole object are a wire name's.
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return refused(`they are not settings but ${kindOf(value)}`);
  const parsed = strategySettingsSchema.safeParse(value);
  const problems = parsed.success
    ? settingProblems(parsed.data)
    : parsed.error.issues
        .slice(0, 10)
        .map((issue) => `${settingName(issue.path)}: ${issue.message}`);
  if (!parsed.success || problems.length > 0)
    return { ok: false, message: `Strategy settings not saved: ${problems.join("; ")}.` };
  return { ok: true, settings: parsed.data };
}
