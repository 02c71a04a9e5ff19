// Lap coordinates and playback (switch + date/time range).
import { FinishLineForm } from "../../ui/finishLine/FinishLineForm";
import { FormGroup, Intent, Switch } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { useTelemetry } from "../../worker-client/hooks";
import { rangeOf, startReplay, stopPlayback } from "../../actions/playbackActions";
import { setPlayback } from "./settingsActions";
import { DateRangeInputs, useMistypedTime } from "../../ui/DateRangeInputs";

/** The lap-coordinate fields send the same setLapCoords request as the map. */
export function LapCoordsSettings() {
  const { lapCoords } = useSnapshot(appState);
  return (
    <FinishLineForm
      initialLat={lapCoords?.lat?.toString() ?? ""}
      initialLong={lapCoords?.long?.toString() ?? ""}
    />
  );
}

export function PlaybackSettings() {
  const { client } = useTelemetry();
  const { playbackSwitch, socketConnected } = useSnapshot(appState);
  const mistyped = useMistypedTime();
  const toggle = (on: boolean) => {
    const range = mistyped ? null : rangeOf(appState.playbackDateTime);
    if (!on) stopPlayback(client);
    else if (range)
      startReplay(client, {
        kind: "range",
        ...range,
        source: socketConnected ? "backend" : "local",
      });
    else setPlayback(client, true); // no valid range: the default packet, as the spec says
  };
  return (
    <FormGroup
      label="Playback"
      helperText={
        mistyped ??
        "Playback on replays the date range below (from the backend when connected, else from the recordings); the Sessions tab lists what can be replayed."
      }
      intent={mistyped ? Intent.DANGER : Intent.NONE}
    >
      <Switch
        label="Playback"
        checked={playbackSwitch}
        onChange={(event) => toggle(event.currentTarget.checked)}
        data-testid="playback-switch"
      />
      <DateRangeInputs name="Playback" />
    </FormGroup>
  );
}
