// The app's tabs, one line each: its URL route (deep links and the back
// button work), hotkey, panel and, for a registered analysis, the feature it
// shows. The routes, the navbar and the hotkeys all read this table, so a new
// panel needs its line here and nothing else. The one shell file that imports
// panels (eslint.config.js).
import { lazy, type ComponentType, type ReactElement } from "react";
import type { FeatureId } from "../../../workers/contract/features";
import { BIG_NUMBERS_PATH } from "../../actions/bigNumbersActions";
import { AlertsPanel } from "../../panels/Alerts/AlertsPanel";
import { FieldTablePanel } from "../../panels/FieldTable/FieldTablePanel";
import type { FieldTableTab } from "../../panels/FieldTable/tabGroups";
import { LapsPanel } from "../../panels/Laps/LapsPanel";
import { MapPanel } from "../../panels/Map/MapPanel";
import { NotesPanel } from "../../panels/Notes/NotesPanel";
import { OverviewPanel } from "../../panels/Overview/OverviewPanel";
import { SessionsPanel } from "../../panels/Sessions/SessionsPanel";

type PanelModule = { default: ComponentType };

/** A route and what it shows. */
interface PanelView {
  path: string;
  element: ReactElement;
  /** Set for a panel split out of the first bundle: its chunk, loaded when first opened. */
  load?: () => Promise<PanelModule>;
}

interface TabRoute extends PanelView {
  id: string;
  title: string;
  hotkey: string;
  /** The registered analysis the tab shows (workers/contract/features.ts). */
  feature?: FeatureId;
  /** Views under the tab's path, which keep the tab selected (/laps/compare). */
  views?: readonly PanelView[];
}

/** A panel split out of the first bundle: it brings uPlot or Leaflet, which the first picture does not need. */
function loaded(load: () => Promise<PanelModule>): Pick<PanelView, "element" | "load"> {
  const Panel = lazy(load);
  return { element: <Panel />, load };
}

// Keyed by tab: the field tables are one component, remounted per tab.
const fields = (tab: FieldTableTab) => <FieldTablePanel key={tab} tab={tab} />;

export const TABS: readonly TabRoute[] = [
  {
    id: "overview",
    path: "/",
    title: "Overview",
    hotkey: "1",
    element: <OverviewPanel />,
    // The race at a glance for a screen across the pit (the shell hides its frame there).
    views: [
      { path: BIG_NUMBERS_PATH, ...loaded(() => import("../../panels/Overview/BigNumbers")) },
    ],
  },
  { id: "battery", path: "/battery", title: "Battery", hotkey: "2", element: fields("battery") },
  { id: "motors", path: "/motors", title: "Motors", hotkey: "3", element: fields("motors") },
  { id: "mppt", path: "/mppt", title: "MPPT", hotkey: "4", element: fields("mppt") },
  { id: "faults", path: "/faults", title: "Faults", hotkey: "5", element: fields("faults") },
  {
    id: "contactors",
    path: "/contactors",
    title: "Contactors & MBMS",
    hotkey: "6",
    element: fields("contactors"),
  },
  { id: "driver", path: "/driver", title: "Driver", hotkey: "7", element: fields("driver") },
  { id: "gps", path: "/gps", title: "GPS & IMU", hotkey: "8", element: fields("gps") },
  {
    id: "plots",
    path: "/plots",
    title: "Plots",
    hotkey: "9",
    ...loaded(() => import("../../panels/Plots/PlotsPanel")),
  },
  // In the first bundle: the panel loads its Leaflet map itself when shown.
  { id: "map", path: "/map", title: "Map", hotkey: "0", element: <MapPanel /> },
  {
    id: "laps",
    path: "/laps",
    title: "Laps",
    hotkey: "l",
    feature: "laps",
    element: <LapsPanel />,
    views: [
      { path: "/laps/compare", ...loaded(() => import("../../panels/Laps/compare/ComparePanel")) },
    ],
  },
  { id: "sessions", path: "/sessions", title: "Sessions", hotkey: "r", element: <SessionsPanel /> },
  {
    id: "alerts",
    path: "/alerts",
    title: "Alerts",
    hotkey: "a",
    feature: "alerts",
    element: <AlertsPanel />,
  },
  {
    id: "strategy",
    path: "/strategy",
    title: "Strategy",
    hotkey: "y",
    feature: "strategy",
    ...loaded(() => import("../../panels/Strategy/StrategyPanel")),
  },
  {
    id: "notes",
    path: "/notes",
    title: "Notes",
    hotkey: "o",
    feature: "notes",
    element: <NotesPanel />,
  },
  // Last: the tab list scrolls at narrow widths, and the packet's tabs keep their places.
  {
    id: "math",
    path: "/math",
    title: "Math",
    hotkey: "m",
    feature: "math",
    element: fields("math"),
  },
];

/** Every route: each tab's own, then the views under it. */
export const PANEL_VIEWS: readonly PanelView[] = TABS.flatMap((tab) => [tab, ...(tab.views ?? [])]);

/** The analyses that have a tab; a test compares them with the worker's registry. */
export const PANEL_FEATURES: readonly FeatureId[] = TABS.flatMap((tab) =>
  tab.feature ? [tab.feature] : [],
);

/** A tab's own path, or a view under it (/laps/compare belongs to Laps, /big-numbers to the Overview). */
function tabForPath(pathname: string): TabRoute | undefined {
  return (
    TABS.find((tab) => tab.path === pathname) ??
    TABS.find((tab) => tab.views?.some((view) => view.path === pathname)) ??
    TABS.find((tab) => tab.path !== "/" && pathname.startsWith(`${tab.path}/`))
  );
}

/** The navbar's Tabs id: Blueprint derives the tab and panel element ids from it. */
export const MAIN_TABS_ID = "main-tabs";

/** The tab shown for a path (unknown paths redirect to the Overview). */
export function selectedTabId(pathname: string): string {
  return tabForPath(pathname)?.id ?? "overview";
}
