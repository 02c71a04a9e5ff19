// A list that scrolls in a box of its own and puts in the page only the items
// in view, and a screenful around them (virtualRows.ts): the rules dialog
// lists up to 5,000 rules. Each item's height is known beforehand (fixed by
// its kind, with CSS to match), so the list is as tall as all of them and
// the scrollbar tells how far along it is.
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { itemOffsets, itemsInView } from "./virtualRows";
import "./virtualList.css";

/** Items put in the page above and below the box's view, in px. */
const MARGIN_PX = 600;
/** The box's height assumed before it is measured: a screenful shows at once. */
const FIRST_GUESS_PX = 900;

interface VirtualListProps {
  count: number;
  /** Item i's height in px (the same as its CSS gives it). */
  heightOf: (index: number) => number;
  /** Item i's React key. */
  keyOf: (index: number) => string;
  renderItem: (index: number) => ReactNode;
  /** Named for screen readers. */
  label: string;
  className?: string;
  /** Changing it scrolls back to the top (a new filter). */
  resetKey?: string;
}

export function VirtualList(props: VirtualListProps) {
  const { count, heightOf, keyOf, renderItem, label, className, resetKey } = props;
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: FIRST_GUESS_PX });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const next = { top: element.scrollTop, height: element.clientHeight || FIRST_GUESS_PX };
      setView((was) => (was.top === next.top && was.height === next.height ? was : next));
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      resize.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, []);
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = 0;
  }, [resetKey]);
  const offsets = useMemo(() => itemOffsets(count, heightOf), [count, heightOf]);
  const [first, end] = itemsInView(offsets, view.top, view.top + view.height, MARGIN_PX);
  const items: ReactNode[] = [];
  for (let i = first; i < end; i++)
    items.push(
      <div
        key={keyOf(i)}
        role="listitem"
        aria-posinset={i + 1}
        aria-setsize={count}
        className="helios-virtual-item"
        style={{ top: offsets[i], height: offsets[i + 1]! - offsets[i]! }}
      >
        {renderItem(i)}
      </div>,
    );
  return (
    <div
      ref={box}
      className={`helios-virtual-list ${className ?? ""}`.trim()}
      role="list"
      aria-label={label}
    >
      <div className="helios-virtual-space" style={{ height: offsets[count] }}>
        {items}
      </div>
    </div>
  );
}
