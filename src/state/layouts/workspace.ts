// This window's workspace as a layout holds it, read from the stores that own
// each part (the plot layout, the map's view, the glance tiles, the
// favourites), and a layout put back into them. The tab belongs to the
// address: the shell reads and sets it.
import { appState } from "../appState";
import { glanceTiles } from "../glanceTiles";
import { mapSettings, viewOf } from "../mapSettings";
import { dedupeIds } from "../plotLayout/plotLayout";
import { plotLayout } from "../plotLayout/plotLayoutStore";
import type { Workspace } from "./layoutSchema";
import { plainCopy } from "./plainCopy";

/** What this window shows now, on `tab`; with the favourites when the layout is to carry them. */
export function currentWorkspace(tab: string, withFavourites = false): Workspace {
  // Copies: a saved layout must not change with the stores it was read from.
  const workspace: Workspace = plainCopy({
    tab,
    plots: dedupeIds(plotLayout),
    map: viewOf(mapSettings),
    hiddenTiles: glanceTiles.hidden,
  });
  if (withFavourites) workspace.favourites = [...appState.favourites];
  return workspace;
}

/** Shows `workspace` in this window (not its tab, nor its favourites: those are offered). */
export function showWorkspace(workspace: Workspace): void {
  const { version, window, plots } = plainCopy(workspace.plots);
  Object.assign(plotLayout, { version, window, plots });
  Object.assign(mapSettings, plainCopy(workspace.map));
  glanceTiles.hidden = [...workspace.hiddenTiles];
}

/** Whether two workspaces show the same (favourites aside: the app keeps one list). */
export function sameWorkspace(a: Workspace, b: Workspace): boolean {
  const shown = ({ favourites: _favourites, ...rest }: Workspace) => canonical(rest);
  return shown(a) === shown(b);
}

// JSON with each object's keys sorted: a plot given a flag later lists it last.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Whether a layout's favourites would change the app's. */
export function offersFavourites(workspace: Workspace): boolean {
  const own = workspace.favourites;
  return own !== undefined && JSON.stringify(own) !== JSON.stringify(appState.favourites);
}

/** Makes a layout's favourites the app's. */
export function takeLayoutFavourites(workspace: Workspace): void {
  if (workspace.favourites) appState.favourites = [...workspace.favourites];
}
