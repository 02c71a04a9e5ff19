// Workspace controls: time window presets, live follow, pause, add plot.
import { Button, ButtonGroup, Divider, Tag } from "@blueprintjs/core";
import { useSyncExternalStore } from "react";
import { useTelemetry } from "../../worker-client/hooks";
import { WINDOW_LABELS, WINDOW_PRESETS, type WindowPreset } from "./layout";
import type { ViewFlags } from "./plotView";
import { followTexts } from "./followTexts";

/** The zoom modifier as the user's keyboard names it. */
const MOD = /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";

interface PlotToolbarProps {
  window: WindowPreset;
  flags: ViewFlags;
  canAdd: boolean;
  onWindow: (preset: WindowPreset) => void;
  onLive: () => void;
  onPause: () => void;
  onAdd: () => void;
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
  const { window, flags, canAdd, onWindow, onLive, onPause, onAdd } = props;
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
        Drag or {MOD}+wheel: zoom · Shift+wheel or Shift-drag: pan · Double-click:{" "}
        {playback ? "follow playback" : "live"}
      </span>
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
