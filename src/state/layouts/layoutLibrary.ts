// The saved layouts (one list for the app, in localStorage: every window sees
// a layout saved in another at once, by the storage event) and the layout
// each window has chosen (saved under the window's name, so the choice
// survives a reload). The first time this version runs, each window's plot
// layout saved before layouts had names becomes that window's first saved
// layout, and its choice.
import { proxy, subscribe } from "valtio";
import { z } from "zod";
import { plainCopy } from "./plainCopy";
import { FIRST_WINDOW_NAME, isWindowName } from "../../../workers/shared/windowNaming";
import { readMapSettings, viewOf } from "../mapSettings";
import { localStore, readStorage, writeStorage } from "../persistence";
import { LAYOUT_STORAGE_KEY, parseStoredLayout } from "../plotLayout/plotLayout";
import { parseStored } from "../storedSettings";
import { windowIdentity, windowStorageKey } from "../windowName";
import { BUILT_IN_LAYOUTS } from "./builtInLayouts";
import {
  layoutNameSchema,
  workspaceSchema,
  type NamedLayout,
  type Workspace,
} from "./layoutSchema";

export const LAYOUTS_KEY = "helios.layouts";
export const LAYOUT_CHOICE_KEY = "helios.layoutChoice";
/** The saved list as it was stored when some of it could not be read (a save drops those). */
export const UNREADABLE_LAYOUTS_KEY = "helios.layouts.unreadable";
const MAX_SAVED_LAYOUTS = 100;

const savedLayoutSchema = z.object({
  id: z.string().min(1).max(80),
  name: layoutNameSchema,
  workspace: workspaceSchema,
  savedAt: z.number(),
});
export type SavedLayout = z.infer<typeof savedLayoutSchema>;

/** A layout a window can open: saved by the team, or built in. */
export interface LayoutEntry {
  id: string;
  name: string;
  workspace: Workspace;
  builtIn: boolean;
}

const choiceSchema = z.object({ id: z.string().max(80).nullable() });

export const layoutLibrary = proxy({
  saved: [] as SavedLayout[],
  /** This window's layout; null before it has chosen one. */
  chosen: null as string | null,
  /**
   * Saved layouts that could not be read. The stored text is set aside under
   * UNREADABLE_LAYOUTS_KEY first (the next save writes the list without
   * them), and the layout menu offers it as a file.
   */
  unreadable: 0,
});

function readSaved(storage: Storage): { saved: SavedLayout[]; unreadable: number } {
  const text = readStorage(storage, LAYOUTS_KEY);
  let stored: unknown = null;
  try {
    stored = text === null ? null : JSON.parse(text);
  } catch {
    return { saved: [], unreadable: 1 };
  }
  const list = (stored as { layouts?: unknown } | null)?.layouts;
  if (!Array.isArray(list)) return { saved: [], unreadable: text === null ? 0 : 1 };
  // One broken layout does not cost the others.
  const saved: SavedLayout[] = [];
  for (const item of list) {
    const parsed = savedLayoutSchema.safeParse(item);
    if (parsed.success) saved.push(parsed.data);
  }
  return { saved, unreadable: list.length - saved.length };
}

/** The saved layouts as stored, with what of them could not be read set aside first. */
function readSavedKeepingUnreadable(storage: Storage): ReturnType<typeof readSaved> {
  const read = readSaved(storage);
  const text = readStorage(storage, LAYOUTS_KEY);
  if (read.unreadable > 0 && text !== null) writeStorage(storage, UNREADABLE_LAYOUTS_KEY, text);
  return read;
}

/** The stored text set aside when saved layouts could not be read; null when none was. */
export function unreadableLayoutsText(): string | null {
  return storage ? readStorage(storage, UNREADABLE_LAYOUTS_KEY) : null;
}

function writeSaved(storage: Storage): void {
  writeStorage(storage, LAYOUTS_KEY, JSON.stringify({ version: 2, layouts: layoutLibrary.saved }));
}

export const newLayoutId = (): string =>
  `layout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * Each window's plot layout from before layouts had names (stored as
 * "plotLayout" or "plotLayout:Window 2") → a saved layout of its plots and its
 * map view, chosen by that window. Run once: afterwards the list exists.
 */
export function migrateWindowLayouts(storage: Storage, now = Date.now()): SavedLayout[] {
  const found: SavedLayout[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    const match = key ? /^plotLayout(?::(.+))?$/.exec(key) : null;
    const windowName = match ? (match[1] ?? FIRST_WINDOW_NAME) : null;
    if (
      !match ||
      !key ||
      !isWindowName(windowName) ||
      key !== windowStorageKey(LAYOUT_STORAGE_KEY, windowName)
    )
      continue;
    const restored = parseStoredLayout(readStorage(storage, key));
    if (restored.warning) continue; // unreadable: the window shows the default, as before
    const layout: SavedLayout = {
      id: newLayoutId(),
      name: `${windowName} layout`,
      savedAt: now,
      workspace: {
        tab: "plots",
        plots: restored.layout,
        map: viewOf(readMapSettings(storage, windowName)),
        hiddenTiles: readHiddenTiles(storage, windowName),
      },
    };
    found.push(layout);
    writeStorage(
      storage,
      windowStorageKey(LAYOUT_CHOICE_KEY, windowName),
      JSON.stringify({ id: layout.id }),
    );
  }
  found.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  return found;
}

// The glance tiles hidden before they were each window's (one list then).
function readHiddenTiles(storage: Storage, windowName: string): string[] {
  const text =
    readStorage(storage, windowStorageKey("glanceTiles", windowName)) ??
    readStorage(storage, "glanceTiles");
  return parseStored(
    z.object({ hidden: z.array(z.string().max(200)).max(100) }),
    { hidden: [] },
    text,
  ).hidden;
}

function readChoice(storage: Storage, windowName: string): string | null {
  return parseStored(
    choiceSchema,
    { id: null },
    readStorage(storage, windowStorageKey(LAYOUT_CHOICE_KEY, windowName)),
  ).id;
}

/** Every layout a window can open: the saved ones by name, then the built-in ones. */
export function allLayouts(saved: readonly SavedLayout[] = layoutLibrary.saved): LayoutEntry[] {
  const own = [...saved]
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
    .map(({ id, name, workspace }) => ({ id, name, workspace, builtIn: false }));
  return [
    ...own,
    ...BUILT_IN_LAYOUTS.map(({ id, name, workspace }) => ({ id, name, workspace, builtIn: true })),
  ];
}

export function findLayout(id: string | null): LayoutEntry | null {
  return id === null ? null : (allLayouts().find((layout) => layout.id === id) ?? null);
}

const taken = (name: string, except: string | null) =>
  allLayouts().some(
    (l) => l.id !== except && l.name.toLocaleLowerCase() === name.toLocaleLowerCase(),
  );

/** `name`, or "name (2)", "name (3)", … when another layout has it. */
export function uniqueLayoutName(name: string, except: string | null = null): string {
  const base = name.trim().slice(0, 55);
  if (!taken(base, except)) return base;
  for (let n = 2; ; n++) if (!taken(`${base} (${n})`, except)) return `${base} (${n})`;
}

/** Why `name` cannot name a layout (empty, too long, taken), or null. */
export function layoutNameProblem(name: string, except: string | null = null): string | null {
  const parsed = layoutNameSchema.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "not a name";
  return taken(parsed.data, except) ? `A layout named “${parsed.data}” exists.` : null;
}

const storage = localStore();
const save = () => storage && writeSaved(storage);

export function chooseLayout(id: string | null): void {
  layoutLibrary.chosen = id;
}

/** Saves `workspace` as a new layout and chooses it. */
export function saveLayoutAs(name: string, workspace: Workspace): SavedLayout {
  const layout = {
    id: newLayoutId(),
    name: uniqueLayoutName(name),
    workspace,
    savedAt: Date.now(),
  };
  if (layoutLibrary.saved.length >= MAX_SAVED_LAYOUTS)
    throw new Error(`At most ${MAX_SAVED_LAYOUTS} layouts are kept.`);
  layoutLibrary.saved.push(layout);
  save();
  chooseLayout(layout.id);
  return layout;
}

/** Saves `workspace` over a saved layout (built-in ones are not changed). */
export function saveLayout(id: string, workspace: Workspace): void {
  const layout = layoutLibrary.saved.find((l) => l.id === id);
  if (!layout) return;
  layout.workspace = workspace;
  layout.savedAt = Date.now();
  save();
}

export function renameLayout(id: string, name: string): void {
  const layout = layoutLibrary.saved.find((l) => l.id === id);
  if (!layout || layoutNameProblem(name, id)) return;
  layout.name = name.trim();
  save();
}

/** Deletes a saved layout: it is returned, for an undo to put back. */
export function deleteLayout(id: string): SavedLayout | null {
  const index = layoutLibrary.saved.findIndex((l) => l.id === id);
  if (index < 0) return null;
  const [removed] = layoutLibrary.saved.splice(index, 1);
  save();
  return removed ? plainCopy(removed) : null;
}

/** Puts back a deleted layout. */
export function restoreLayout(layout: SavedLayout): void {
  if (layoutLibrary.saved.some((l) => l.id === layout.id)) return;
  layoutLibrary.saved.push({ ...layout, name: uniqueLayoutName(layout.name) });
  save();
}

/** Adds imported layouts (a name already taken gets a number): the new ones. */
export function addLayouts(layouts: readonly NamedLayout[]): SavedLayout[] {
  if (layoutLibrary.saved.length + layouts.length > MAX_SAVED_LAYOUTS)
    throw new Error(`At most ${MAX_SAVED_LAYOUTS} layouts are kept; delete some first.`);
  const added = layouts.map(({ name, workspace }) => {
    const layout = {
      id: newLayoutId(),
      name: uniqueLayoutName(name),
      workspace,
      savedAt: Date.now(),
    };
    layoutLibrary.saved.push(layout); // pushed one by one: the next name sees this one
    return layout;
  });
  save();
  return added;
}

function start(): void {
  if (!storage) return;
  if (readStorage(storage, LAYOUTS_KEY) === null) {
    layoutLibrary.saved = migrateWindowLayouts(storage);
    writeSaved(storage);
  } else Object.assign(layoutLibrary, readSavedKeepingUnreadable(storage));
  let shownFor = windowIdentity.name;
  layoutLibrary.chosen = readChoice(storage, shownFor);
  subscribe(windowIdentity, () => {
    if (windowIdentity.name === shownFor) return;
    shownFor = windowIdentity.name;
    layoutLibrary.chosen = readChoice(storage, shownFor);
  });
  let savedChoice = layoutLibrary.chosen;
  subscribe(layoutLibrary, () => {
    if (layoutLibrary.chosen === savedChoice) return;
    savedChoice = layoutLibrary.chosen;
    writeStorage(
      storage,
      windowStorageKey(LAYOUT_CHOICE_KEY, shownFor),
      JSON.stringify({ id: savedChoice }),
    );
  });
  // Another window saved, renamed or deleted a layout.
  globalThis.addEventListener?.("storage", (event: StorageEvent) => {
    if (event.key === LAYOUTS_KEY)
      Object.assign(layoutLibrary, readSavedKeepingUnreadable(storage));
  });
}

start();
