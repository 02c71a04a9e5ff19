// Settings → Alerts: a sound and a desktop notification for new alerts, both
// off by default (a browser that beeps or pops up unasked is a nuisance).
// Kept in localStorage under their own key, like the map's settings, and
// checked with zod on the way in: a broken value falls back to off.
import { proxy, subscribe } from "valtio";
import { z } from "zod";

export const ALERT_SETTINGS_KEY = "alertSettings";

const alertSettingsSchema = z.object({
  sound: z.boolean().catch(false),
  desktop: z.boolean().catch(false),
});

export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = { sound: false, desktop: false };

/** Stored text → settings; anything unreadable is off. */
export function parseAlertSettings(text: string | null): AlertSettings {
  if (!text) return { ...DEFAULT_ALERT_SETTINGS };
  try {
    const parsed = alertSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { ...DEFAULT_ALERT_SETTINGS };
  } catch {
    return { ...DEFAULT_ALERT_SETTINGS };
  }
}

function readStored(): string | null {
  try {
    return localStorage.getItem(ALERT_SETTINGS_KEY);
  } catch {
    return null;
  }
}

export const alertSettings = proxy<AlertSettings>(
  typeof localStorage === "undefined"
    ? { ...DEFAULT_ALERT_SETTINGS }
    : parseAlertSettings(readStored()),
);

if (typeof localStorage !== "undefined")
  subscribe(alertSettings, () => {
    try {
      localStorage.setItem(ALERT_SETTINGS_KEY, JSON.stringify(alertSettings));
    } catch {
      // storage full or disabled: the settings last for this page only
    }
  });
