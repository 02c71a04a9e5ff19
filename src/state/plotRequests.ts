// A plot another panel asks for (the Faults, Contactors and Motors tabs' "Show
// as timeline"): the plot workspace adds it when it is (or next gets) mounted,
// once per request, and shows it. Panels do not import one another.
import { proxy } from "valtio";

interface PlotRequest {
  fields: string[];
  /** Drawn as a state timeline. */
  timeline: boolean;
  /** Bumped per request so the same plot asked twice is added twice. */
  seq: number;
}

export const plotRequest = proxy<{ add: PlotRequest | null }>({ add: null });

let seq = 0;

export function requestPlot(fields: string[], timeline: boolean): void {
  if (fields.length === 0) return;
  plotRequest.add = { fields: [...fields], timeline, seq: ++seq };
}
