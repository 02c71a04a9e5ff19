// The app's tabs: one URL route each (deep links and the back button work),
// and one hotkey each.
export interface TabRoute {
  id: string;
  path: string;
  title: string;
  hotkey: string;
}

export const TABS: readonly TabRoute[] = [
  { id: "overview", path: "/", title: "Overview", hotkey: "1" },
  { id: "battery", path: "/battery", title: "Battery", hotkey: "2" },
  { id: "motors", path: "/motors", title: "Motors", hotkey: "3" },
  { id: "mppt", path: "/mppt", title: "MPPT", hotkey: "4" },
  { id: "faults", path: "/faults", title: "Faults", hotkey: "5" },
  { id: "contactors", path: "/contactors", title: "Contactors & MBMS", hotkey: "6" },
  { id: "driver", path: "/driver", title: "Driver", hotkey: "7" },
  { id: "gps", path: "/gps", title: "GPS & IMU", hotkey: "8" },
  { id: "plots", path: "/plots", title: "Plots", hotkey: "9" },
  { id: "map", path: "/map", title: "Map", hotkey: "0" },
  { id: "laps", path: "/laps", title: "Laps", hotkey: "l" },
  { id: "sessions", path: "/sessions", title: "Sessions", hotkey: "r" },
  { id: "alerts", path: "/alerts", title: "Alerts", hotkey: "a" },
  { id: "strategy", path: "/strategy", title: "Strategy", hotkey: "y" },
  // Last: the tab list scrolls at narrow widths, and the packet's tabs keep their places.
  { id: "math", path: "/math", title: "Math", hotkey: "m" },
];

/** A tab's own path, or a view under it (/laps/compare belongs to Laps). */
export function tabForPath(pathname: string): TabRoute | undefined {
  return (
    TABS.find((tab) => tab.path === pathname) ??
    TABS.find((tab) => tab.path !== "/" && pathname.startsWith(`${tab.path}/`))
  );
}

/** The navbar's Tabs id: Blueprint derives the tab and panel element ids from it. */
export const MAIN_TABS_ID = "main-tabs";

/** The tab shown for a path (unknown paths redirect to the Overview). */
export function selectedTabId(pathname: string): string {
  return tabForPath(pathname)?.id ?? "overview";
}
