// The table of tabs (src/shell/navbar/tabs.tsx) is the one list the routes, the
// navbar and the hotkeys read: each tab must be reachable by one path and one
// key, each registered analysis it names must have its route, and each route
// must show its own panel, split-out panels staying out of the first bundle.
import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import type { FeatureId } from "../../workers/contract/features";
import { AlertsPanel } from "../../src/panels/Alerts/AlertsPanel";
import { NotesPanel } from "../../src/panels/Notes/NotesPanel";
import { FieldTablePanel } from "../../src/panels/FieldTable/FieldTablePanel";
import { LapsPanel } from "../../src/panels/Laps/LapsPanel";
import { MapPanel } from "../../src/panels/Map/MapPanel";
import { OverviewPanel } from "../../src/panels/Overview/OverviewPanel";
import { SessionsPanel } from "../../src/panels/Sessions/SessionsPanel";
import { PANEL_FEATURES, PANEL_VIEWS, selectedTabId, TABS } from "../../src/shell/navbar/tabs";

// Every FeatureId, written out: a new id fails to compile here until it is listed.
const ALL_FEATURES = {
  math: true,
  alerts: true,
  laps: true,
  strategy: true,
  weather: true,
  notes: true,
} satisfies Record<FeatureId, true>;

const FIELD_TABS = ["battery", "motors", "mppt", "faults", "contactors", "driver", "gps", "math"];
const SHOWN_AT_ONCE: Record<string, unknown> = {
  overview: OverviewPanel,
  map: MapPanel,
  laps: LapsPanel,
  sessions: SessionsPanel,
  alerts: AlertsPanel,
  notes: NotesPanel,
};
// Split out: each brings uPlot (or Leaflet) that the first picture does not need;
// big numbers are for a pit screen, not the first picture.
const SPLIT_OUT: Record<string, string> = {
  "/plots": "PlotsPanel",
  "/strategy": "StrategyPanel",
  "/laps/compare": "ComparePanel",
  "/big-numbers": "BigNumbers",
};

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe("the table of tabs", () => {
  it("gives every tab its own id, path and hotkey", () => {
    expect(unique(TABS.map((tab) => tab.id))).toBe(true);
    expect(unique(PANEL_VIEWS.map((view) => view.path))).toBe(true);
    expect(unique(TABS.map((tab) => tab.hotkey))).toBe(true);
  });

  it("routes every analysis it names, each once, and lists it in PANEL_FEATURES", () => {
    const named = TABS.flatMap((tab) => (tab.feature ? [tab.feature] : []));
    expect(named.every((feature) => feature in ALL_FEATURES)).toBe(true);
    expect(unique(named)).toBe(true);
    expect([...PANEL_FEATURES].sort()).toEqual([...named].sort());
    for (const feature of PANEL_FEATURES) {
      const tab = TABS.find((entry) => entry.feature === feature)!;
      expect(PANEL_VIEWS.some((view) => view.path === tab.path)).toBe(true);
    }
    expect(Object.fromEntries(TABS.map((tab) => [tab.id, tab.feature]))).toMatchObject({
      math: "math",
      alerts: "alerts",
      laps: "laps",
      strategy: "strategy",
    });
  });

  it("keeps the lap compare view under the Laps tab", () => {
    const laps = TABS.find((tab) => tab.id === "laps")!;
    expect(laps.views?.map((view) => view.path)).toEqual(["/laps/compare"]);
    expect(selectedTabId("/laps/compare")).toBe("laps");
  });

  it("keeps big numbers under the Overview, whose path is not their prefix", () => {
    const overview = TABS.find((tab) => tab.id === "overview")!;
    expect(overview.views?.map((view) => view.path)).toEqual(["/big-numbers"]);
    expect(selectedTabId("/big-numbers")).toBe("overview");
  });

  it("shows each field table tab's own groups, remounted per tab", () => {
    for (const id of FIELD_TABS) {
      const element = TABS.find((tab) => tab.id === id)!.element as ReactElement<{ tab: string }>;
      expect(element.type).toBe(FieldTablePanel);
      expect(element.props.tab).toBe(id);
      expect(element.key).toBe(id);
    }
  });

  it("shows the other tabs' panels from the first bundle, or loads them when first opened", () => {
    for (const view of PANEL_VIEWS) {
      expect(isValidElement(view.element)).toBe(true);
      const id = TABS.find((tab) => tab.path === view.path)?.id ?? "";
      if (FIELD_TABS.includes(id)) continue;
      const chunk = SPLIT_OUT[view.path];
      if (chunk) {
        // A lazy panel: its loader names the panel's module and nothing is imported before.
        expect(view.load).toBeTypeOf("function");
        expect(String(view.load)).toContain(`/${chunk}`);
        expect((view.element.type as { $$typeof?: symbol }).$$typeof).toBe(
          Symbol.for("react.lazy"),
        );
      } else {
        expect(view.load).toBeUndefined();
        expect(view.element.type).toBe(SHOWN_AT_ONCE[id]);
      }
    }
    expect(PANEL_VIEWS).toHaveLength(TABS.length + 2);
  });
});
