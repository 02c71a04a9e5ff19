// The navbar on a phone or a tablet (the pit view): one button names the tab
// shown and opens a menu of every tab, big numbers, and the commands the
// desktop navbar has as buttons, which no longer fit beside the brand.
import { Button, HotkeysContext, Menu, MenuDivider, MenuItem, Popover } from "@blueprintjs/core";
import { useContext, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSnapshot } from "valtio";
import { openBigNumbers } from "../../actions/bigNumbersActions";
import { appState } from "../../state/appState";
import { openCsvDialog } from "../../state/csvDialog";
import { toggledTheme } from "../../state/theme";
import { dialogs } from "../dialogs";
import { selectedTabId, TABS } from "./tabs";

export function PanelMenu() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { resolvedTheme } = useSnapshot(appState);
  const [, dispatchHotkeys] = useContext(HotkeysContext);
  const [open, setOpen] = useState(false);
  const selected = TABS.find((tab) => tab.id === selectedTabId(pathname));
  // Every item closes the menu: a choice is made once.
  const act = (then: () => void) => () => {
    setOpen(false);
    then();
  };
  return (
    <Popover
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-end"
      popoverClassName="helios-panel-menu-popover"
      // Keyboard users land on the tab shown: arrows and Tab move from there.
      onOpened={(element) =>
        (
          element.querySelector<HTMLElement>("a.bp6-menu-item.bp6-active") ??
          element.querySelector<HTMLElement>("a.bp6-menu-item")
        )?.focus()
      }
      content={
        <Menu aria-label="Panels and commands" data-testid="panel-menu">
          <MenuDivider title="Panels" />
          {TABS.map((tab) => (
            <MenuItem
              key={tab.id}
              text={tab.title}
              label={tab.hotkey}
              active={tab === selected}
              aria-current={tab === selected ? "page" : undefined}
              data-testid={`menu-tab-${tab.id}`}
              onClick={act(() => void navigate({ pathname: tab.path, search }))}
            />
          ))}
          <MenuDivider />
          <MenuItem
            icon="fullscreen"
            text="Big numbers"
            label="b"
            data-testid="menu-big-numbers"
            onClick={act(() => openBigNumbers(navigate, pathname))}
          />
          <MenuItem
            icon="export"
            text="Export or import CSV"
            label="e"
            onClick={act(openCsvDialog)}
          />
          <MenuItem
            icon={resolvedTheme === "dark" ? "flash" : "moon"}
            text={`Switch to ${toggledTheme(resolvedTheme)} theme`}
            label="t"
            onClick={act(() => (appState.themeChoice = toggledTheme(appState.resolvedTheme)))}
          />
          <MenuItem
            icon="pulse"
            text="Diagnostics"
            label="d"
            onClick={act(() => (dialogs.diagnostics = true))}
          />
          <MenuItem
            icon="key-command"
            text="Keyboard shortcuts"
            label="?"
            onClick={act(() => dispatchHotkeys({ type: "OPEN_DIALOG" }))}
          />
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon="menu"
        endIcon="caret-down"
        text={selected?.title}
        aria-label={`Menu: ${selected?.title ?? "panels"}`}
        aria-haspopup="menu"
        aria-expanded={open}
        className="helios-panel-menu-button"
        data-testid="panel-menu-button"
      />
    </Popover>
  );
}
