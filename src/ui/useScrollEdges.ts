// Which ends of a horizontally scrolling box hide content, so the navbar can
// fade the tab strip there: at a laptop's width the last tabs (Alerts,
// Strategy, Math) sit past the edge, and a fade says there is more to scroll
// to where a thin scrollbar does not.
import { useEffect, useState, type RefObject } from "react";

export interface ScrollEdges {
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
    const resize = new ResizeObserver(update);
    resize.observe(box);
    if (box.firstElementChild) resize.observe(box.firstElementChild);
    box.addEventListener("scroll", update, { passive: true });
    return () => {
      resize.disconnect();
      box.removeEventListener("scroll", update);
    };
  }, [ref]);
  return edges;
}
