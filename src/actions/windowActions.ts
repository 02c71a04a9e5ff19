// The "New window" command (navbar button, key n): another view of the same
// car on the same core, e.g. for a second screen of the pit wall.

/**
 * URL parameters the new window keeps: the backend and upgrade it shows (the
 * core's already), how it reaches the core (?sharedCore, ?coreStorage: a
 * different choice would be another core) and the test hooks (they restart
 * nothing). The rest (?demoRate, ?demoDay, ?demoClock, ?demoCar, ?demoInject, ?capacity,
 * ?record, ?offline) set up a core when it starts: without a shared core they would
 * start the new window's own demo day or rate over again.
 */
const KEPT_PARAMS = ["backend", "upgrade", "sharedCore", "coreStorage", "e2eHooks"];

/** The fragment key that has a new window open a saved or built-in layout ("#use-layout=<id>"). */
export const OPEN_WITH_LAYOUT = "use-layout";

/**
 * The new window's address: same origin, same path (tab), only the kept
 * parameters; with `layoutId`, the layout it opens with.
 */
export function newWindowUrl(href: string, layoutId: string | null = null): string {
  const url = new URL(href);
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams)
    if (KEPT_PARAMS.includes(name)) kept.append(name, value);
  url.search = kept.toString();
  url.hash = layoutId === null ? "" : `${OPEN_WITH_LAYOUT}=${encodeURIComponent(layoutId)}`;
  return url.toString();
}

/**
 * Opens the new window. `noopener`: it joins the core on its own and cannot
 * reach into this window (nor copies its sessionStorage, where the name is).
 */
export function openNewWindow(
  layoutId: string | null = null,
  href: string = window.location.href,
  open: typeof window.open = (...args) => window.open(...args),
): void {
  open(newWindowUrl(href, layoutId), "_blank", "noopener");
}
