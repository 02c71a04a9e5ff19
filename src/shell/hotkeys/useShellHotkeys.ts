// Global keyboard shortcuts; Blueprint lists them in its `?` dialog.
import { useHotkeys, type HotkeyConfig } from "@blueprintjs/core";
import { useMemo } from "react";
import type { PlaybackState } from "../../../workers/contract/sessions";
import type { TelemetryClient } from "../../worker-client/TelemetryClient";
import { useNavigate } from "react-router";
import { openBigNumbers } from "../../actions/bigNumbersActions";
import { appState } from "../../state/appState";
import { toggledTheme } from "../../state/theme";
import { openCsvDialog } from "../../state/csvDialog";
import { openMathChannels } from "../../state/mathChannelsDialog";
import { openNoteNow } from "../../state/noteNow";
import { layoutDialogs } from "../layouts/layoutDialogs";
import { dialogs } from "../dialogs";
import { TABS } from "../navbar/tabs";
import { jump, nextSpeed, togglePlay } from "../../actions/playbackActions";
import { useTelemetry } from "../../worker-client/hooks";

export function useShellHotkeys(): void {
  const navigate = useNavigate();
  const { client, live } = useTelemetry();
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
        combo: "b",
        global: true,
        group: "App",
        label: "Big numbers: the race at a glance for a screen across the pit (Esc leaves)",
        onKeyDown: () => openBigNumbers(navigate, window.location.pathname),
      },
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
      {
        combo: "shift+m",
        global: true,
        group: "App",
        label: "Open math channels",
        onKeyDown: () => openMathChannels(),
      },
      {
        combo: "i",
        global: true,
        group: "App",
        label: "Note now (the moment shown: the newest packet, or a replay's clock)",
        // preventDefault: the `i` must not land in the note's text box as it opens.
        preventDefault: true,
        onKeyDown: () => openNoteNow(live.status),
      },
      {
        combo: "n",
        global: true,
        group: "App",
        label: "Open a new window (same car, with a layout you choose)",
        onKeyDown: () => (layoutDialogs.newWindow = true),
      },
      ...playbackHotkeys(client, () => live.status?.playback),
    ],
    [navigate, client, live],
  );
  useHotkeys(hotkeys);
}

/** Playback shortcuts: they act only while a replay is loaded. */
function playbackHotkeys(
  client: TelemetryClient,
  playback: () => PlaybackState | undefined,
): HotkeyConfig[] {
  const when = (act: (p: PlaybackState) => void) => () => {
    const p = playback();
    if (p?.on && p.clock !== null) act(p);
  };
  const key = (combo: string, label: string, onKeyDown: () => void): HotkeyConfig => ({
    combo,
    global: true,
    group: "Playback",
    label,
    onKeyDown,
  });
  return [
    key("p", "Play / pause the replay", () => togglePlay(client, playback())),
    key(
      ",",
      "Step back one packet",
      when(() => void client.api.step(-1)),
    ),
    key(
      ".",
      "Step forward one packet",
      when(() => void client.api.step(1)),
    ),
    key(
      "[",
      "Slower",
      when((p) => void client.api.setSpeed(nextSpeed(p.speed, -1))),
    ),
    key(
      "]",
      "Faster",
      when((p) => void client.api.setSpeed(nextSpeed(p.speed, 1))),
    ),
    key(
      "shift+,",
      "Jump to start",
      when((p) => jump(client, p, "start")),
    ),
    key(
      "shift+.",
      "Jump to end",
      when((p) => jump(client, p, "end")),
    ),
  ];
}
