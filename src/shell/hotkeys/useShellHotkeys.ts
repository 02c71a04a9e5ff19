// Global keyboard shortcuts; Blueprint lists them in its `?` dialog.
import { useHotkeys, type HotkeyConfig } from "@blueprintjs/core";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { appState } from "../../state/appState";
import { toggledTheme } from "../../state/theme";
import { openCsvDialog } from "../csv/csvDialogState";
import { dialogs } from "../dialogs";
import { TABS } from "../navbar/tabs";

export function useShellHotkeys(): void {
  const navigate = useNavigate();
  const hotkeys = useMemo<HotkeyConfig[]>(
    () => [
      ...TABS.map((tab) => ({
        combo: tab.hotkey,
        global: true,
        group: "Tabs",
        label: `Show ${tab.title}`,
        // Keep the query (?backend=…) so a reload starts the same way.
        onKeyDown: () => navigate({ pathname: tab.path, search: window.location.search }),
      })),
      {
        combo: "t",
        global: true,
        group: "App",
        label: "Toggle light / dark theme",
        onKeyDown: () => (appState.themeChoice = toggledTheme(appState.resolvedTheme)),
      },
      {
        combo: "s",
        global: true,
        group: "App",
        label: "Open settings",
        onKeyDown: () => (dialogs.settings = true),
      },
      {
        combo: "d",
        global: true,
        group: "App",
        label: "Open diagnostics",
        onKeyDown: () => (dialogs.diagnostics = true),
      },
      {
        combo: "e",
        global: true,
        group: "App",
        label: "Export CSV (and import)",
        onKeyDown: () => openCsvDialog(),
      },
    ],
    [navigate],
  );
  useHotkeys(hotkeys);
}
