// Workspace controls: time window presets, live follow, pause, add plot.
import { Button, ButtonGroup, Divider, Tag } from "@blueprintjs/core";
import { useSyncExternalStore } from "react";
import { useTelemetry } from "../../worker-client/hooks";
import {
  WINDOW_LABELS,
  WINDOW_PRESETS,
  type WindowPreset,
} from "../../state/plotLayout/plotLayout";
import type { ViewFlags } from "./plotView";
import { followTexts } from "./followTexts";

/** The zoom modifier as the user's keyboard names it. */
const APPLE = /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = APPLE ? "⌘" : "Ctrl";
/** The statistics drag's modifier: Option on a Mac keyboard. */
const ALT = APPLE ? "⌥" : "Alt";

interface PlotToolbarProps {
  window: WindowPreset;
  flags: ViewFlags;
  canAdd: boolean;
  onWindow: (preset: WindowPreset) => void;
  onLive: () => void;
  onPause: () => void;
  onAdd: () => void;
  /** Statistics of the visible window (the drawer opens). */
  onStats: () => void;
}

/** Whether playback is on; a boolean, so the toolbar re-renders only when it turns on or off. */
function usePlaybackOn(): boolean {
  const { live } = useTelemetry();
  return useSyncExternalStore(
    (onChange) => live.subscribeStatus(onChange),
    () => live.status?.playback?.on ?? false,
  );
}

export function PlotToolbar(props: PlotToolbarProps) {
  const { window, flags, canAdd, onWindow, onLive, onPause, onAdd, onStats } = props;
  const live = flags.follow && !flags.paused;
  const playback = usePlaybackOn();
  const texts = followTexts(playback, flags);
  return (
    <div className="plot-toolbar" role="toolbar" aria-label="Plot controls">
      <ButtonGroup size="small">
        {WINDOW_PRESETS.map((preset) => (
          <Button
            key={preset}
            text={WINDOW_LABELS[preset]}
            active={preset === window && flags.follow}
            data-window={preset}
            onClick={() => onWindow(preset)}
          />
        ))}
      </ButtonGroup>
      <Divider />
      <Button
        size="small"
        icon={playback ? "history" : "record"}
        intent={live ? texts.intent : "none"}
        text={texts.button}
        title={
          playback
            ? "Follow the playback clock (double-click a plot)"
            : "Follow the newest data (double-click a plot)"
        }
        active={live}
        data-testid="plots-live"
        onClick={onLive}
      />
      <Button
        size="small"
        icon={flags.paused ? "play" : "pause"}
        text={flags.paused ? "Resume" : "Pause"}
        title="Pause or resume all plots (Space)"
        data-testid="plots-pause"
        onClick={onPause}
      />
      <Tag minimal data-testid="plots-mode" intent={texts.intent}>
        {texts.mode}
      </Tag>
      <span className="plot-toolbar-hint" data-testid="plots-hint">
        Drag or {MOD}+wheel: zoom · Shift+wheel or Shift-drag: pan · {ALT}-drag: statistics ·
        Double-click: {playback ? "follow playback" : "live"}
      </span>
      <Button
        size="small"
        icon="calculator"
        text="Statistics"
        title="Statistics of the plotted series over the visible window (Alt-drag a plot for a range)"
        data-testid="plots-stats"
        onClick={onStats}
      />
      <Button
        className="plot-toolbar-add"
        size="small"
        icon="add"
        text="Add plot"
        disabled={!canAdd}
        onClick={onAdd}
      />
    </div>
  );
}
