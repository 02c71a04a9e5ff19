// Whether a CSS media query matches, kept current as the window resizes. The
// pit view's sizes are named here once, so CSS and components agree on them.
import { useSyncExternalStore } from "react";

/**
 * A phone or a tablet (to 999 px wide): the navbar's tabs become a menu, the
 * status bar keeps what the pit needs and the Plots tab shows one plot at a
 * time. The same width is in navbar.css and statusbar.css.
 */
export const PIT_VIEW_QUERY = "(max-width: 999px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
