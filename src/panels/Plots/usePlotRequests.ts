// Adds a plot another panel asked for (src/state/plotRequests.ts), once per
// request, even if the plots mount later, and scrolls it into view.
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { plotRequest } from "../../state/plotRequests";
import { addPlot } from "../../state/plotLayout/plotLayoutStore";

let appliedSeq = 0;

export function usePlotRequests(): void {
  const { add } = useSnapshot(plotRequest);
  useEffect(() => {
    if (!add || add.seq <= appliedSeq) return;
    appliedSeq = add.seq;
    const id = addPlot([...add.fields], add.timeline);
    if (id === null) return;
    scrollToCard(id);
  }, [add]);
}

/** The layout's change reaches React's next render: look for the card for a second. */
function scrollToCard(id: string, triesLeft = 20): void {
  const card = document.querySelector(`[data-plot-id="${id}"]`);
  if (card) card.scrollIntoView({ block: "nearest" });
  else if (triesLeft > 0) setTimeout(() => scrollToCard(id, triesLeft - 1), 50);
}
