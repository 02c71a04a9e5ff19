// The live layout in valtio (UI state only), restored from localStorage under
// this window's name (src/state/windowName.ts) and written back on every
// change, so two windows keep two layouts. Components read it with useSnapshot.
import { proxy, subscribe } from "valtio";
import { windowIdentity, windowStorageKey } from "../windowName";
import {
  LAYOUT_STORAGE_KEY,
  fieldLimit,
  MAX_PLOTS,
  newPlotId,
  parseStoredLayout,
  type PlotLayout,
  type RestoredLayout,
  type WindowPreset,
} from "./plotLayout";

/** Where a window's layout is saved ("Window 1": the key used before windows had names). */
export const layoutKey = (windowName: string): string =>
  windowStorageKey(LAYOUT_STORAGE_KEY, windowName);

function restore(windowName: string): RestoredLayout {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(layoutKey(windowName));
  } catch {
    // storage disabled: start from the default
  }
  // A window without a layout of its own starts from the default, not a copy
  // of another window's: a second screen is usually for other plots.
  const restored = parseStoredLayout(raw);
  if (restored.warning) console.warn(`${restored.warning} Using the default plot layout.`);
  return restored;
}

let shownFor = windowIdentity.name;
const restored = restore(shownFor);

export const plotLayout = proxy<PlotLayout>(restored.layout);
export const layoutNotice = proxy({ warning: restored.warning });

subscribe(plotLayout, () => {
  try {
    localStorage.setItem(layoutKey(shownFor), JSON.stringify(plotLayout));
  } catch {
    // Quota or privacy mode: the layout still works for this session.
  }
});

// The core may give this window another name than the one it loaded with (a
// duplicated tab brings its original's): then it shows that name's layout.
subscribe(windowIdentity, () => {
  if (windowIdentity.name === shownFor) return;
  shownFor = windowIdentity.name;
  const next = restore(shownFor);
  Object.assign(plotLayout, next.layout);
  layoutNotice.warning = next.warning;
});

/** Adds a plot (a state timeline when `timeline`): its id, or null when the workspace is full. */
export function addPlot(fields: string[] = [], timeline = false): string | null {
  if (plotLayout.plots.length >= MAX_PLOTS) return null;
  const id = newPlotId();
  const limit = fieldLimit({ timeline });
  const kept = fields.slice(0, limit);
  plotLayout.plots.push(timeline ? { id, fields: kept, timeline: true } : { id, fields: kept });
  return id;
}

/**
 * Draws a plot as a state timeline or as lines. Lines hold fewer fields: a
 * timeline of more keeps only its first ones when turned into lines.
 */
export function setTimeline(plotId: string, on: boolean): void {
  const plot = plotLayout.plots.find((p) => p.id === plotId);
  if (!plot) return;
  if (on) plot.timeline = true;
  else {
    delete plot.timeline;
    plot.fields.splice(fieldLimit(plot));
  }
}

export function removePlot(id: string): void {
  const index = plotLayout.plots.findIndex((plot) => plot.id === id);
  if (index >= 0) plotLayout.plots.splice(index, 1);
}

/** Draws a plot of lines twice the usual height (or back). */
export function setTall(plotId: string, on: boolean): void {
  const plot = plotLayout.plots.find((p) => p.id === plotId);
  if (!plot) return;
  if (on) plot.tall = true;
  else delete plot.tall;
}

/** Hides a timeline's rows that never change in the window (or shows them again). */
export function setSteadyHidden(plotId: string, on: boolean): void {
  const plot = plotLayout.plots.find((p) => p.id === plotId);
  if (!plot) return;
  if (on) plot.steadyHidden = true;
  else delete plot.steadyHidden;
}

/**
 * Adds or removes a field. A state field (a flag or a code) put into an empty
 * plot makes it a state timeline: the way a state reads best.
 */
export function toggleField(plotId: string, field: string, isState = false): void {
  const plot = plotLayout.plots.find((p) => p.id === plotId);
  if (!plot) return;
  const index = plot.fields.indexOf(field);
  if (index >= 0) plot.fields.splice(index, 1);
  else if (plot.fields.length < fieldLimit(plot)) {
    if (plot.fields.length === 0 && isState) plot.timeline = true;
    plot.fields.push(field);
  }
}

export function setWindowPreset(window: WindowPreset): void {
  plotLayout.window = window;
}
