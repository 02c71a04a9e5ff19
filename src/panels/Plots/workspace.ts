// What every plot of one workspace shares: the view, the frame loop, the
// stats, the worker's series call, and the interaction actions.
import { createContext, useContext } from "react";
import type { PlotFrameLoop } from "./frameLoop";
import type { WarmSource } from "./seriesBatcher";
import type { PlotActions } from "./plotOptions";
import type { PlotStats } from "../../state/plotStats";
import type { PlotView } from "./plotView";

export interface PlotWorkspace {
  view: PlotView;
  loop: PlotFrameLoop;
  stats: PlotStats;
  /** The worker's series, batched per frame; asked ahead at a layout switch (layoutAhead.ts). */
  source: WarmSource;
  actions: PlotActions;
}

export const PlotWorkspaceContext = createContext<PlotWorkspace | null>(null);

export function usePlotWorkspace(): PlotWorkspace {
  const workspace = useContext(PlotWorkspaceContext);
  if (!workspace) throw new Error("usePlotWorkspace needs a <PlotWorkspaceContext.Provider>");
  return workspace;
}
