// The page's main landmark: the selected tab's panel, with the id the navbar
// tab's aria-controls names (Blueprint derives both from MAIN_TABS_ID), so
// assistive technology can follow the tab to its content. The pit view has no
// tabs (its menu is PanelMenu.tsx): there the landmark is named for the tab
// shown. The panel is the same element at every width, so a tablet turned
// across the pit view's width keeps its panel (a map's view, the plots) as it was.
import { TabPanel } from "@blueprintjs/core";
import type { JSX } from "react";
import { useLocation } from "react-router";
import { PIT_VIEW_QUERY, useMediaQuery } from "../../ui/useMediaQuery";
import { MAIN_TABS_ID, selectedTabId, TABS } from "./tabs";

export function TabContent({ children }: { children: JSX.Element }) {
  const selected = selectedTabId(useLocation().pathname);
  const pit = useMediaQuery(PIT_VIEW_QUERY);
  const title = TABS.find((tab) => tab.id === selected)?.title;
  return (
    // Focusable: the content scrolls, and keyboard users must be able to scroll it.
    <main className="helios-content" tabIndex={0} aria-label={pit ? title : undefined}>
      <TabPanel
        id={selected}
        parentId={MAIN_TABS_ID}
        selectedTabId={selected}
        className="helios-tab-panel"
        panel={children}
      />
    </main>
  );
}
