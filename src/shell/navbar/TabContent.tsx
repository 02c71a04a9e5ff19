// The page's main landmark: the selected tab's panel, with the id the navbar
// tab's aria-controls names (Blueprint derives both from MAIN_TABS_ID), so
// assistive technology can follow the tab to its content.
import { TabPanel } from "@blueprintjs/core";
import type { JSX } from "react";
import { useLocation } from "react-router";
import { MAIN_TABS_ID, selectedTabId } from "./tabs";

export function TabContent({ children }: { children: JSX.Element }) {
  const selected = selectedTabId(useLocation().pathname);
  return (
    // Focusable: the content scrolls, and keyboard users must be able to scroll it.
    <main className="helios-content" tabIndex={0}>
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
