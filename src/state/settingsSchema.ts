// What we keep in localStorage and how it is checked on the way back in.
// Each stored value is parsed field by field: a field that is missing, of the
// wrong type or out of range falls back to its default and yields a warning,
// so a corrupt or outdated store never blanks the page.
import { z } from "zod";
import { DEFAULT_BACKEND_URL } from "../../workers/shared/backendUrl";
import { DEFAULT_FAVOURITES, favouritePath, isFavouriteName } from "./favourites";

export const STORAGE_KEYS = { settings: "settings", favourites: "favourites", theme: "theme" };

const appUnitsSchema = z.enum(["metric", "imperial"]);
const connectionTypeSchema = z.enum(["DEMO", "NETWORK", "RADIO"]);
const lapCoordsSchema = z
  .object({ lat: z.number().min(-90).max(90), long: z.number().min(-180).max(180) })
  .nullable();
// Times carry seconds (a backend's span starts part-way through a minute);
// ranges saved before that, in whole minutes, still load.
const TIME_OF_DAY = /^\d{2}:\d{2}(:\d{2})?$/;
const playbackDateTimeSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: z.string().regex(TIME_OF_DAY),
  endTime: z.string().regex(TIME_OF_DAY),
});
const backendUrlSchema = z.url({ protocol: /^https?$/ });

// Settings → Display → "Show times in": the race's time zone (the Strategy
// settings' zone; this computer's while none is known) or this computer's.
const timesInSchema = z.enum(["race", "computer"]);
export type TimesIn = z.infer<typeof timesInSchema>;

const themeChoiceSchema = z.enum(["light", "dark", "system"]);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

const favouritesSchema = z
  .array(z.string().min(1).max(120).refine(isFavouriteName))
  .max(64)
  // Names saved by older versions ("Motor Temp") become their field paths.
  .transform((names) => [...new Set(names.map(favouritePath))]);

const SETTINGS_FIELDS = {
  appUnits: appUnitsSchema,
  connectionType: connectionTypeSchema,
  lapCoords: lapCoordsSchema,
  playbackDateTime: playbackDateTimeSchema,
  backendUrl: backendUrlSchema,
  recording: z.boolean(),
  webSocketUpgrade: z.boolean(),
  timesIn: timesInSchema,
};

/** Each field as the settings dialog names it, for the warning about a bad saved value. */
/** Each saved setting's label, as Settings shows it (warnings name settings by these). */
export const SETTINGS_LABELS: Record<keyof typeof SETTINGS_FIELDS, string> = {
  appUnits: "Units",
  connectionType: "Connection type",
  lapCoords: "Finish line",
  playbackDateTime: "Playback range",
  backendUrl: "Backend URL",
  recording: "Recording",
  webSocketUpgrade: "WebSocket upgrade",
  timesIn: "Show times in",
};

/** Fields newer than the first saved settings (absent in older saves). */
const ADDED_LATER = new Set(["recording", "webSocketUpgrade", "timesIn"]);

/**
 * The saved settings' version, written with them (persistence.ts). Saves
 * without one were written while the WebSocket upgrade was off by default.
 * Those builds saved every field, so their `webSocketUpgrade: false` is
 * nearly always the old default rather than a choice: the switch sat in
 * Settings unexplained and only tests and benchmarks set it. So such a
 * `false` reads as the new default (on), and a `true` is kept. Someone who
 * wants long-polling turns the switch off again, and that is then saved as a
 * choice, in a version-2 save.
 */
export const SETTINGS_VERSION = 2;

export interface StoredSettings {
  appUnits: z.infer<typeof appUnitsSchema>;
  connectionType: z.infer<typeof connectionTypeSchema>;
  lapCoords: z.infer<typeof lapCoordsSchema>;
  playbackDateTime: z.infer<typeof playbackDateTimeSchema>;
  backendUrl: string;
  /** Settings → Sessions: record live packets (on by default). */
  recording: boolean;
  /** Settings → Connection: let the backend link upgrade to a WebSocket (off: long-polling only). */
  webSocketUpgrade: boolean;
  /** Settings → Display: the zone every time is shown in (the race's by default). */
  timesIn: TimesIn;
}

export function defaultSettings(today: Date = new Date()): StoredSettings {
  const date = today.toISOString().slice(0, 10);
  return {
    appUnits: "metric",
    connectionType: "DEMO",
    lapCoords: null,
    playbackDateTime: { date, startTime: "00:00", endTime: "23:59" },
    backendUrl: DEFAULT_BACKEND_URL,
    recording: true,
    webSocketUpgrade: true,
    timesIn: "race",
  };
}

export interface Restored<T> {
  value: T;
  /** Set when something stored was thrown away; shown to the user as a toast. */
  warning: string | null;
}

function parseJson(raw: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

export function restoreSettings(raw: string | null, today?: Date): Restored<StoredSettings> {
  const defaults = defaultSettings(today);
  if (raw === null) return { value: defaults, warning: null };
  const parsed = parseJson(raw);
  if (!parsed.ok || typeof parsed.data !== "object" || parsed.data === null) {
    return { value: defaults, warning: "Saved settings were unreadable; using the defaults." };
  }
  const stored = parsed.data as Record<string, unknown>;
  const value: Record<string, unknown> = { ...defaults };
  const rejected: string[] = [];
  const oldDefaults = oldDefaultsIn(stored);
  for (const [key, schema] of Object.entries(SETTINGS_FIELDS)) {
    // Settings added later are simply absent from older saves: their default, no warning.
    if (ADDED_LATER.has(key) && !Object.hasOwn(stored, key)) continue;
    if (oldDefaults.has(key)) continue;
    // Own properties only, so a stored object never reads Object.prototype members.
    const result = schema.safeParse(Object.hasOwn(stored, key) ? stored[key] : undefined);
    if (result.success) value[key] = result.data;
    else rejected.push(SETTINGS_LABELS[key as keyof typeof SETTINGS_FIELDS]);
  }
  const warning = rejected.length
    ? `Some saved settings were invalid or outdated (${rejected.join(", ")}); using defaults for them.`
    : null;
  return { value: value as unknown as StoredSettings, warning };
}

/**
 * The saved settings' choice of zone, or null when the text holds none that
 * can be used: another window's save, read as it is made.
 */
export function savedTimesIn(raw: string | null): TimesIn | null {
  const parsed = raw === null ? null : parseJson(raw);
  if (!parsed?.ok || typeof parsed.data !== "object" || parsed.data === null) return null;
  const stored = parsed.data as Record<string, unknown>;
  const result = timesInSchema.safeParse(Object.hasOwn(stored, "timesIn") ? stored.timesIn : null);
  return result.success ? result.data : null;
}

/** The fields of an older save that hold its version's default, not a choice (SETTINGS_VERSION). */
function oldDefaultsIn(stored: Record<string, unknown>): Set<string> {
  const version = Object.hasOwn(stored, "version") ? stored.version : 1;
  const old = new Set<string>();
  if (typeof version === "number" && version < 2 && stored.webSocketUpgrade === false)
    old.add("webSocketUpgrade");
  return old;
}

export function restoreFavourites(raw: string | null): Restored<string[]> {
  const defaults = [...DEFAULT_FAVOURITES];
  if (raw === null) return { value: defaults, warning: null };
  const parsed = parseJson(raw);
  const result = parsed.ok ? favouritesSchema.safeParse(parsed.data) : null;
  if (result?.success) return { value: result.data, warning: null };
  return {
    value: defaults,
    warning: "Saved favourites were invalid; using the default favourites.",
  };
}

/** The theme is stored as a bare word ("dark"); a JSON-quoted word is accepted too. */
export function restoreTheme(raw: string | null): Restored<ThemeChoice> {
  if (raw === null) return { value: "system", warning: null };
  const word = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  const result = themeChoiceSchema.safeParse(word);
  if (result.success) return { value: result.data, warning: null };
  return { value: "system", warning: "The saved theme was invalid; following the system theme." };
}
