// Resolves the theme choice against the OS (following OS changes live) and puts
// Blueprint's dark class on <body>, so portals (dialogs, toasts) follow too.
import { Classes } from "@blueprintjs/core";
import { useEffect, useSyncExternalStore } from "react";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { resolveTheme } from "../../state/theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;

export function useThemeSync(): void {
  const { themeChoice } = useSnapshot(appState);
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark);
  const resolved = resolveTheme(themeChoice, systemDark);

  useEffect(() => {
    appState.resolvedTheme = resolved;
    document.body.classList.toggle(Classes.DARK, resolved === "dark");
    document.body.dataset.theme = resolved;
  }, [resolved]);
}
