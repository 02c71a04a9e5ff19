// One plot at a time in the pit view (a phone or a tablet): the plot shown is
// picked here by its title (its fields' labels, as its card names it); the
// others are not built at all, so a small device draws one chart.
import { HTMLSelect } from "@blueprintjs/core";
import { useState } from "react";
import { fieldLabel } from "../../ui/format/fieldLabel";
import type { PlotCatalog } from "../../ui/useFieldCatalog";

interface PickedPlot {
  readonly id: string;
  readonly fields: readonly string[];
}

/**
 * The plot the pit view shows: the one picked while it is in the layout, else the
 * first. A plot added while the panel is open (Add plot, another tab's "Show
 * as timeline") is picked: it is the one the user asked to see.
 */
export function usePickedPlot<P extends PickedPlot>(plots: readonly P[]) {
  const [picked, setPicked] = useState<string | null>(null);
  const ids = plots.map((plot) => plot.id);
  const [known, setKnown] = useState(ids);
  // Adjusted while rendering (React's way for state that follows a prop): no extra frame.
  if (known.join("\n") !== ids.join("\n")) {
    const added = ids.find((id) => !known.includes(id));
    setKnown(ids);
    if (added !== undefined) setPicked(added);
  }
  const shown = plots.find((plot) => plot.id === picked) ?? plots[0];
  return { shown, pick: setPicked };
}

function plotTitle(plot: PickedPlot, catalog: PlotCatalog): string {
  const labels = plot.fields.flatMap((path) => {
    const info = catalog.byPath.get(path);
    return info ? [fieldLabel(info)] : [];
  });
  return labels.join(" · ") || "Empty plot";
}

export function PlotPicker(props: {
  plots: readonly PickedPlot[];
  catalog: PlotCatalog;
  shown: string | undefined;
  onPick: (id: string) => void;
}) {
  const { plots, catalog, shown, onPick } = props;
  return (
    <label className="plot-picker">
      <span className="plot-picker-label">Plot</span>
      <HTMLSelect
        fill
        value={shown}
        data-testid="plot-picker"
        onChange={(event) => onPick(event.currentTarget.value)}
        options={plots.map((plot) => ({ value: plot.id, label: plotTitle(plot, catalog) }))}
      />
    </label>
  );
}
