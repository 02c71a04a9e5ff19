// Which of the Overview's "race at a glance" tiles the user hid (Edit tiles):
// the glance is the team's default view of the race, so it is hidden tile by
// tile and shown again in one click, never edited away for good. Kept in
// localStorage under its own key.
import { z } from "zod";
import { GLANCE_FIELDS } from "./favourites";
import { windowSettings } from "./windowSettings";

const GLANCE_TILES_KEY = "glanceTiles";
/** The lap and time-left tile, which is not a field. */
export const RACE_TILE = "race";

const glanceTilesSchema = z.object({
  hidden: z.array(z.string().max(200)).max(100).catch([]),
});

export const glanceTiles = windowSettings(GLANCE_TILES_KEY, glanceTilesSchema, {
  hidden: [] as string[],
});

/**
 * The glance fields to show: not hidden, and not already a favourite (each
 * value is shown once, among the favourites).
 */
export function shownGlanceFields(hidden: readonly string[], favouritePaths: ReadonlySet<string>) {
  return GLANCE_FIELDS.filter((f) => !hidden.includes(f.path) && !favouritePaths.has(f.path));
}
