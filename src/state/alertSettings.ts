// Settings → Alerts: a sound and a desktop notification for new alerts, both
// off by default (a browser that beeps or pops up unasked is a nuisance).
// Kept in localStorage under their own key, like the map's settings, and
// checked with zod on the way in: a broken value falls back to off.
import { z } from "zod";
import { parseStored, storedSettings } from "./storedSettings";

const ALERT_SETTINGS_KEY = "alertSettings";

const alertSettingsSchema = z.object({
  sound: z.boolean().catch(false),
  desktop: z.boolean().catch(false),
});

export type AlertSettings = z.infer<typeof alertSettingsSchema>;

const DEFAULT_ALERT_SETTINGS: AlertSettings = { sound: false, desktop: false };

/** Stored text → settings; anything unreadable is off. */
export const parseAlertSettings = (text: string | null): AlertSettings =>
  parseStored(alertSettingsSchema, DEFAULT_ALERT_SETTINGS, text);

export const alertSettings = storedSettings(
  ALERT_SETTINGS_KEY,
  alertSettingsSchema,
  DEFAULT_ALERT_SETTINGS,
);
