// Applies a moment asked for by another panel (map click, lap row) to the
// plots' shared view, once per request, even if the plots mount later.
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { plotFocus } from "../../state/plotFocus";
import type { PlotView } from "./plotView";

let appliedSeq = 0;

export function usePlotFocus(view: PlotView): { label: string; from: number; to: number } | null {
  const { focus } = useSnapshot(plotFocus);
  useEffect(() => {
    if (!focus || focus.seq <= appliedSeq) return;
    appliedSeq = focus.seq;
    view.zoomTo(focus.from, focus.to);
  }, [focus, view]);
  return focus;
}
