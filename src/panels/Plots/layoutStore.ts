// The live layout in valtio (UI state only), restored once from localStorage
// and written back on every change. Components read it with useSnapshot.
import { proxy, subscribe } from "valtio";
import {
  LAYOUT_STORAGE_KEY,
  MAX_FIELDS_PER_PLOT,
  MAX_PLOTS,
  newPlotId,
  parseStoredLayout,
  type PlotLayout,
  type WindowPreset,
} from "./layout";

function readStored(): string | null {
  try {
    return localStorage.getItem(LAYOUT_STORAGE_KEY);
  } catch {
    return null; // storage disabled: start from the default
  }
}

const restored = parseStoredLayout(readStored());
if (restored.warning) console.warn(`${restored.warning} Using the default plot layout.`);

export const plotLayout = proxy<PlotLayout>(restored.layout);
export const layoutNotice = proxy({ warning: restored.warning });

subscribe(plotLayout, () => {
  try {
    localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(plotLayout));
  } catch {
    // Quota or privacy mode: the layout still works for this session.
  }
});

export function addPlot(fields: string[] = []): void {
  if (plotLayout.plots.length >= MAX_PLOTS) return;
  plotLayout.plots.push({ id: newPlotId(), fields });
}

export function removePlot(id: string): void {
  const index = plotLayout.plots.findIndex((plot) => plot.id === id);
  if (index >= 0) plotLayout.plots.splice(index, 1);
}

export function toggleField(plotId: string, field: string): void {
  const plot = plotLayout.plots.find((p) => p.id === plotId);
  if (!plot) return;
  const index = plot.fields.indexOf(field);
  if (index >= 0) plot.fields.splice(index, 1);
  else if (plot.fields.length < MAX_FIELDS_PER_PLOT) plot.fields.push(field);
}

export function setWindowPreset(window: WindowPreset): void {
  plotLayout.window = window;
}
