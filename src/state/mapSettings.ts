// The map's own settings: an optional tile server (none by default, so the map
// makes no request off the machine), the trail's colour field and whether the
// view follows the car. Kept in localStorage, checked with zod on the way in.
import { z } from "zod";
import { parseStored, storedSettings } from "./storedSettings";

export const MAP_SETTINGS_KEY = "mapSettings";
export const DEFAULT_COLOR_FIELD = "MotorDetails0.VehicleVelocity";

const tileUrlSchema = z
  .string()
  .max(500)
  .refine(
    (url) =>
      url === "" ||
      (/^https?:\/\//.test(url) && /\{z\}/.test(url) && /\{x\}/.test(url) && /\{y\}/.test(url)),
  );

const mapSettingsSchema = z.object({
  tileUrl: tileUrlSchema.catch(""),
  attribution: z.string().max(300).catch(""),
  colorField: z.string().min(1).max(120).catch(DEFAULT_COLOR_FIELD),
  follow: z.boolean().catch(true),
});

export type MapSettings = z.infer<typeof mapSettingsSchema>;

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: "",
  attribution: "",
  colorField: DEFAULT_COLOR_FIELD,
  follow: true,
};

/** Stored text → settings; anything broken falls back to its default. */
export const parseMapSettings = (text: string | null): MapSettings =>
  parseStored(mapSettingsSchema, DEFAULT_MAP_SETTINGS, text);

/** Whether a tile URL template is usable ("" = no tiles). */
export function isTileUrl(url: string): boolean {
  return tileUrlSchema.safeParse(url).success;
}

export const mapSettings = storedSettings(
  MAP_SETTINGS_KEY,
  mapSettingsSchema,
  DEFAULT_MAP_SETTINGS,
);
