// The map's own settings: an optional tile server (none by default, so the map
// makes no request off the machine), the trail's colour field, whether the
// view follows the car, and which alert pins it shows (a switch and a filter
// by severity). Kept in localStorage, checked with zod on the way in.
// The tile server is one for the machine; the view (colour field, follow, pins) is
// each window's own, saved under its name (src/state/windowName.ts), so one
// screen can follow the car while another stays on a corner.
import { proxy, subscribe } from "valtio";
import { z } from "zod";
import { FIRST_WINDOW_NAME } from "../../workers/shared/windowNaming";
import { SEVERITIES } from "../ui/format/alertFormat";
import { localStore, readStorage, writeStorage } from "./persistence";
import { parseStored } from "./storedSettings";
import { windowIdentity, windowStorageKey } from "./windowName";

export const MAP_SETTINGS_KEY = "mapSettings";
const DEFAULT_COLOR_FIELD = "MotorDetails0.VehicleVelocity";

const tileUrlSchema = z
  .string()
  .max(500)
  .refine(
    (url) =>
      url === "" ||
      (/^https?:\/\//.test(url) && /\{z\}/.test(url) && /\{x\}/.test(url) && /\{y\}/.test(url)),
  );

/** Where the map looks: its centre (degrees) and zoom. */
export const mapPlaceSchema = z.object({
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  zoom: z.number().min(0).max(25),
});
export type MapPlace = z.infer<typeof mapPlaceSchema>;

const mapSettingsSchema = z.object({
  tileUrl: tileUrlSchema.catch(""),
  attribution: z.string().max(300).catch(""),
  colorField: z.string().min(1).max(120).catch(DEFAULT_COLOR_FIELD),
  follow: z.boolean().catch(true),
  alertPins: z.boolean().catch(true),
  // In the usual order, each once, whatever order was saved.
  pinSeverities: z
    .array(z.enum(SEVERITIES))
    .max(SEVERITIES.length * 2)
    .transform((list) => SEVERITIES.filter((s) => list.includes(s)))
    .catch([...SEVERITIES]),
  /** Where the map looked last (null: the track's default place). */
  place: mapPlaceSchema.nullable().catch(null),
});

type MapSettings = z.infer<typeof mapSettingsSchema>;
/** A window's own view of the map (a layout carries it): everything but the tile server. */
export type MapView = Pick<
  MapSettings,
  "colorField" | "follow" | "alertPins" | "pinSeverities" | "place"
>;

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: "",
  attribution: "",
  colorField: DEFAULT_COLOR_FIELD,
  follow: true,
  alertPins: true,
  pinSeverities: [...SEVERITIES],
  place: null,
};

/** Stored text → settings; anything broken falls back to its default. */
export const parseMapSettings = (text: string | null): MapSettings =>
  parseStored(mapSettingsSchema, DEFAULT_MAP_SETTINGS, text);

/** Whether a tile URL template is usable ("" = no tiles). */
export function isTileUrl(url: string): boolean {
  return tileUrlSchema.safeParse(url).success;
}

/** Where a window's map view is saved ("Window 1": with the tile server, as before names). */
const mapViewKey = (windowName: string): string => windowStorageKey(MAP_SETTINGS_KEY, windowName);

type MapTiles = Pick<MapSettings, "tileUrl" | "attribution">;
const tilesOf = ({ tileUrl, attribution }: MapTiles): MapTiles => ({ tileUrl, attribution });
export const viewOf = (view: MapView): MapView => ({
  colorField: view.colorField,
  follow: view.follow,
  alertPins: view.alertPins,
  pinSeverities: view.pinSeverities,
  place: view.place,
});

/** What `windowName` shows: the machine's tile server and the window's own view. */
export function readMapSettings(storage: Storage, windowName: string): MapSettings {
  const shared = parseMapSettings(readStorage(storage, MAP_SETTINGS_KEY));
  if (windowName === FIRST_WINDOW_NAME) return shared;
  // A window without a view of its own starts from the default view.
  const own = parseMapSettings(readStorage(storage, mapViewKey(windowName)));
  return { ...shared, ...viewOf(own) };
}

/**
 * Saves `settings` for `windowName`: its view under its key; the tile server
 * only when this window changed it, so a window never puts back a server
 * another one replaced.
 */
export function writeMapSettings(
  storage: Storage,
  windowName: string,
  settings: MapSettings,
  tilesChanged: boolean,
): void {
  const shared = parseMapSettings(readStorage(storage, MAP_SETTINGS_KEY));
  const next = tilesChanged ? { ...shared, ...tilesOf(settings) } : shared;
  if (windowName === FIRST_WINDOW_NAME) {
    writeStorage(storage, MAP_SETTINGS_KEY, JSON.stringify({ ...next, ...viewOf(settings) }));
    return;
  }
  if (tilesChanged) writeStorage(storage, MAP_SETTINGS_KEY, JSON.stringify(next));
  writeStorage(storage, mapViewKey(windowName), JSON.stringify(viewOf(settings)));
}

function windowMapSettings(): MapSettings {
  const storage = localStore();
  let shownFor = windowIdentity.name;
  const state = proxy<MapSettings>(
    storage ? readMapSettings(storage, shownFor) : structuredClone(DEFAULT_MAP_SETTINGS),
  );
  if (!storage) return state;
  let savedTiles = JSON.stringify(tilesOf(state));
  subscribe(state, () => {
    const tiles = JSON.stringify(tilesOf(state));
    writeMapSettings(storage, shownFor, state, tiles !== savedTiles);
    savedTiles = tiles;
  });
  // The core named this window otherwise than it loaded with: show that name's view.
  subscribe(windowIdentity, () => {
    if (windowIdentity.name === shownFor) return;
    shownFor = windowIdentity.name;
    Object.assign(state, viewOf(readMapSettings(storage, shownFor)));
  });
  // Another window changed the tile server: show it here too.
  globalThis.addEventListener?.("storage", (event: StorageEvent) => {
    if (event.key !== MAP_SETTINGS_KEY) return;
    const tiles = tilesOf(parseMapSettings(event.newValue));
    savedTiles = JSON.stringify(tiles);
    Object.assign(state, tiles);
  });
  return state;
}

export const mapSettings = windowMapSettings();
