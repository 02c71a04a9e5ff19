// A layout: a window's whole workspace under a name (the tab, the plots, the
// map's view, the hidden glance tiles, and favourites when it carries them).
// Layout files and links are checked here, all or nothing: a file that fails
// gets one clear message and changes nothing. The schema has a field for each
// thing a layout holds and zod drops every other key, so nothing secret (a
// forecast key, the finish-line password) can travel in a file or a link.
//
// Versions: 1 is the plot layout a window saved before layouts had names
// ({ version: 1, window, plots }); 2 is the named layout file. A version 1
// file is read as one layout of those plots, with the rest as a new window has it.
import { z } from "zod";
import { SEVERITIES } from "../../ui/format/alertFormat";
import { isFavouriteName } from "../favourites";
import { DEFAULT_MAP_SETTINGS, mapPlaceSchema, viewOf } from "../mapSettings";
import { dedupeIds, plotLayoutSchema } from "../plotLayout/plotLayout";

export const LAYOUT_VERSION = 2;
export const LAYOUT_FORMAT = "helios-layout";
export const MAX_LAYOUT_NAME = 60;
/** More than a team keeps; a bigger file is refused before it is parsed. */
const MAX_LAYOUTS_IN_FILE = 50;
export const MAX_LAYOUT_FILE_BYTES = 1_000_000;

const mapViewSchema = z.object({
  colorField: z.string().min(1).max(120),
  follow: z.boolean(),
  alertPins: z.boolean(),
  pinSeverities: z
    .array(z.enum(SEVERITIES))
    .max(SEVERITIES.length * 2)
    .transform((list) => SEVERITIES.filter((s) => list.includes(s))),
  /** Where the map looks; null (or absent): the track's default place. */
  place: mapPlaceSchema.nullable().default(null),
});

export const workspaceSchema = z.object({
  /** The tab shown (an id of the navbar's table; an unknown one opens the Overview). */
  tab: z
    .string()
    .max(40)
    .regex(/^[a-z-]+$/, "a tab is named by its id (letters)"),
  plots: plotLayoutSchema.transform(dedupeIds),
  map: mapViewSchema,
  /** The Overview's glance tiles this layout hides. */
  hiddenTiles: z.array(z.string().max(200)).max(100),
  /** Its own favourites, offered when the layout opens (the app keeps one list). */
  favourites: z
    .array(z.string().min(1).max(120).refine(isFavouriteName, "not a field"))
    .max(200)
    .optional(),
});

export type Workspace = z.infer<typeof workspaceSchema>;

export const layoutNameSchema = z
  .string()
  .trim()
  .min(1, "a layout needs a name")
  .max(MAX_LAYOUT_NAME, `a layout's name is at most ${MAX_LAYOUT_NAME} characters`);

const namedLayoutSchema = z.object({ name: layoutNameSchema, workspace: workspaceSchema });
export type NamedLayout = z.infer<typeof namedLayoutSchema>;

const layoutFileSchema = z.object({
  format: z.literal(LAYOUT_FORMAT),
  version: z.literal(LAYOUT_VERSION),
  layouts: z.array(namedLayoutSchema).min(1).max(MAX_LAYOUTS_IN_FILE),
});
export type LayoutFile = z.infer<typeof layoutFileSchema>;

/** The first plot layout format, which a window saved on its own before layouts had names. */
const versionOneSchema = z.object({ version: z.literal(1) }).and(plotLayoutSchema);

/** What a new window shows beside a version 1 file's plots. */
export function workspaceFromPlots(plots: z.infer<typeof plotLayoutSchema>): Workspace {
  return {
    tab: "plots",
    plots: dedupeIds(plots),
    map: viewOf(DEFAULT_MAP_SETTINGS),
    hiddenTiles: [],
  };
}

export type LayoutRead = { ok: true; layouts: NamedLayout[] } | { ok: false; error: string };

/** A layout file's contents (version 1 or 2) → its layouts, or why not. */
export function readLayoutJson(json: unknown, nameForOldFile: string): LayoutRead {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return { ok: false, error: "It is not a layout file (a JSON object was expected)." };
  const version = (json as { version?: unknown }).version;
  if (version === 1) {
    const old = versionOneSchema.safeParse(json);
    if (!old.success)
      return { ok: false, error: `A version 1 plot layout, but ${issueText(old.error)}.` };
    return {
      ok: true,
      layouts: [{ name: nameForOldFile, workspace: workspaceFromPlots(old.data) }],
    };
  }
  if ((json as { format?: unknown }).format !== LAYOUT_FORMAT)
    return {
      ok: false,
      error: 'It is not a Helios layout file (its "format" is not "helios-layout").',
    };
  if (typeof version === "number" && version > LAYOUT_VERSION)
    return {
      ok: false,
      error: `It was written by a newer Helios (layout version ${version}; this one reads up to ${LAYOUT_VERSION}).`,
    };
  const parsed = layoutFileSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, error: `The layout file is not valid: ${issueText(parsed.error)}.` };
  return { ok: true, layouts: parsed.data.layouts };
}

/** A layout file's text → its layouts, or one message saying what is wrong. */
export function readLayoutFile(text: string, nameForOldFile: string): LayoutRead {
  if (text.length > MAX_LAYOUT_FILE_BYTES)
    return {
      ok: false,
      error: `The file is too large for a layout (over ${MAX_LAYOUT_FILE_BYTES / 1e6} MB).`,
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "The file is not JSON." };
  }
  return readLayoutJson(json, nameForOldFile);
}

/** The file's text for some layouts. */
export function layoutFileText(layouts: readonly NamedLayout[]): string {
  const file: LayoutFile = {
    format: LAYOUT_FORMAT,
    version: LAYOUT_VERSION,
    layouts: [...layouts],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Where the first problem is, in words a person can find in the file ("layouts 1 › plots › plots 3 › fields"). */
function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "it is not what this version reads";
  const where = issue.path.map((part) =>
    typeof part === "number" ? String(part + 1) : String(part),
  );
  const place = where.length > 0 ? `${where.join(" › ")}: ` : "";
  return `${place}${issue.message}`;
}
