// Which ends of a horizontally scrolling or clipping box hide content, so it
// can fade there: the navbar's tab strip (at a laptop's width the last tabs
// sit past the edge, and a fade says there is more to scroll to where a thin
// scrollbar does not) and the status bar's left part in a narrow window.
import { useEffect, useState, type RefObject } from "react";

interface ScrollEdges {
  /** Content hidden past the left / right edge. */
  left: boolean;
  right: boolean;
}

export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      // 1 px of slack: zoomed pages scroll to fractional positions.
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    // The box's own size, and its children's: content growing inside a box
    // that is already clipped does not resize the box.
    const resize = new ResizeObserver(update);
    const observeAll = () => {
      resize.disconnect();
      resize.observe(box);
      for (const child of box.children) resize.observe(child);
    };
    observeAll();
    const added = new MutationObserver(() => {
      observeAll();
      update();
    });
    added.observe(box, { childList: true });
    box.addEventListener("scroll", update, { passive: true });
    return () => {
      resize.disconnect();
      added.disconnect();
      box.removeEventListener("scroll", update);
    };
  }, [ref]);
  return edges;
}
