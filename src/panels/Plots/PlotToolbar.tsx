// Workspace controls: time window presets, live follow, pause, add plot.
import { Button, ButtonGroup, Divider, Tag } from "@blueprintjs/core";
import { WINDOW_LABELS, WINDOW_PRESETS, type WindowPreset } from "./layout";
import type { ViewFlags } from "./plotView";

interface PlotToolbarProps {
  window: WindowPreset;
  flags: ViewFlags;
  canAdd: boolean;
  onWindow: (preset: WindowPreset) => void;
  onLive: () => void;
  onPause: () => void;
  onAdd: () => void;
}

export function PlotToolbar(props: PlotToolbarProps) {
  const { window, flags, canAdd, onWindow, onLive, onPause, onAdd } = props;
  const live = flags.follow && !flags.paused;
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
        icon="record"
        intent={live ? "success" : "none"}
        text="Live"
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
      <Tag minimal data-testid="plots-mode" intent={live ? "success" : "warning"}>
        {flags.paused ? "Paused" : flags.follow ? "Following" : "Zoomed"}
      </Tag>
      <span className="plot-toolbar-hint">
        Drag: zoom · Wheel / Shift-drag: pan · Double-click: live
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
