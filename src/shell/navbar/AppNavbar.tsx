// Top bar (the page's banner): name as the level-one heading, one tab per
// route in a nav landmark, and buttons for the window's layout, a new window,
// theme, diagnostics, settings and the hotkeys list. On a phone or a tablet
// the tabs and most buttons become one menu (PanelMenu.tsx).
import {
  Alignment,
  Button,
  HotkeysContext,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Tab,
  Tabs,
  Tooltip,
} from "@blueprintjs/core";
import { useContext, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { toggledTheme } from "../../state/theme";
import { openCsvDialog } from "../../state/csvDialog";
import { LayoutMenu } from "../layouts/LayoutMenu";
import { NewWindowMenu } from "../layouts/NewWindowMenu";
import { dialogs } from "../dialogs";
import { MAIN_TABS_ID, selectedTabId, TABS } from "./tabs";
import { useScrollEdges } from "../../ui/useScrollEdges";
import { PIT_VIEW_QUERY, useMediaQuery } from "../../ui/useMediaQuery";
import { PanelMenu } from "./PanelMenu";
import "./navbar.css";

function Brand() {
  return (
    <NavbarHeading className="helios-brand">
      <span className="helios-brand-sun" aria-hidden="true" />
      <h1 className="helios-brand-title">Helios</h1>
    </NavbarHeading>
  );
}

const SettingsButton = () => (
  <Tooltip content="Settings (s)">
    <Button
      variant="minimal"
      icon="cog"
      aria-label="Settings"
      data-testid="open-settings"
      onClick={() => (dialogs.settings = true)}
    />
  </Tooltip>
);

/** The pit view's bar: the brand, the layout, settings and the menu. */
function PitNavbar() {
  return (
    <Navbar className="helios-navbar helios-navbar-pit" role="banner">
      <NavbarGroup align={Alignment.START} className="helios-navbar-main">
        <Brand />
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <LayoutMenu />
        <SettingsButton />
        <nav aria-label="Panels">
          <PanelMenu />
        </nav>
      </NavbarGroup>
    </Navbar>
  );
}

export function AppNavbar() {
  return useMediaQuery(PIT_VIEW_QUERY) ? <PitNavbar /> : <DesktopNavbar />;
}

/** Scrolls the strip (and nothing else) so that its selected tab is whole in view. */
function showSelectedTab(element: HTMLElement): void {
  const tab = element.querySelector('[role="tab"][aria-selected="true"]');
  if (!tab) return;
  const box = element.getBoundingClientRect();
  const at = tab.getBoundingClientRect();
  if (at.left < box.left) element.scrollLeft -= box.left - at.left;
  else if (at.right > box.right) element.scrollLeft += at.right - box.right;
}

function DesktopNavbar() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { resolvedTheme } = useSnapshot(appState);
  const [, dispatchHotkeys] = useContext(HotkeysContext);
  const selected = selectedTabId(pathname);
  const strip = useRef<HTMLElement>(null);
  const edges = useScrollEdges(strip);
  // A tab chosen by its hotkey or a link, or a window made narrower, may
  // leave the selected tab past the strip's edge: bring it in.
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    showSelectedTab(element);
    const observer = new ResizeObserver(() => showSelectedTab(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, [selected]);

  return (
    <Navbar className="helios-navbar" role="banner">
      <NavbarGroup align={Alignment.START} className="helios-navbar-main">
        <Brand />
        <NavbarDivider />
        <nav
          ref={strip}
          className="helios-tabs-scroll"
          aria-label="Panels"
          data-more-left={edges.left}
          data-more-right={edges.right}
        >
          {/* animate off: the selected tab underlines itself. Blueprint's sliding
              indicator is placed once per change of tab, so after the window
              is resized (the gaps change at the laptop width) it stayed under
              another tab. */}
          <Tabs
            id={MAIN_TABS_ID}
            animate={false}
            selectedTabId={selected}
            onChange={(id) =>
              navigate({ pathname: TABS.find((tab) => tab.id === id)?.path ?? "/", search })
            }
          >
            {TABS.map((tab) => (
              <Tab key={tab.id} id={tab.id} title={tab.title} data-testid={`tab-${tab.id}`} />
            ))}
          </Tabs>
        </nav>
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <Tooltip content="Export or import CSV (e)">
          <Button
            variant="minimal"
            icon="export"
            text="Export CSV"
            className="helios-navbar-csv"
            data-testid="open-csv-export"
            onClick={() => openCsvDialog()}
          />
        </Tooltip>
        <LayoutMenu />
        <NewWindowMenu />
        <Tooltip content={`Switch to ${toggledTheme(resolvedTheme)} theme (t)`}>
          <Button
            variant="minimal"
            icon={resolvedTheme === "dark" ? "flash" : "moon"}
            aria-label="Toggle theme"
            data-testid="theme-toggle"
            onClick={() => (appState.themeChoice = toggledTheme(appState.resolvedTheme))}
          />
        </Tooltip>
        <Tooltip content="Diagnostics (d)">
          <Button
            variant="minimal"
            icon="pulse"
            aria-label="Diagnostics"
            onClick={() => (dialogs.diagnostics = true)}
          />
        </Tooltip>
        <SettingsButton />
        <Tooltip content="Keyboard shortcuts (?)">
          <Button
            variant="minimal"
            icon="key-command"
            aria-label="Keyboard shortcuts"
            onClick={() => dispatchHotkeys({ type: "OPEN_DIALOG" })}
          />
        </Tooltip>
      </NavbarGroup>
    </Navbar>
  );
}
