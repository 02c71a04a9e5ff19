// Bottom bar: where the data comes from and how healthy the link is.
import { Intent, Tag, Tooltip } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { useLiveStatus } from "../../worker-client/hooks";
import { formatHistoryFill, formatLatency, formatPacketTime, formatRate, NO_VALUE } from "./format";
import { formatDuration } from "../../panels/Laps/raceFormat";
import "./statusbar.css";

function LinkIndicator({
  label,
  connected,
  testId,
}: {
  label: string;
  connected: boolean;
  testId: string;
}) {
  return (
    <span className="helios-status-item" data-testid={testId} data-connected={connected}>
      <span className={`helios-dot ${connected ? "helios-dot-on" : "helios-dot-off"}`} />
      {label} {connected ? "connected" : "disconnected"}
    </span>
  );
}

function ConnectionTypeTag({ type, playback }: { type: string; playback: boolean }) {
  const demo = type === "DEMO";
  return (
    <Tooltip
      content={demo ? "Simulated data from the built-in demo car" : `Live data over ${type}`}
    >
      <Tag
        intent={demo ? Intent.WARNING : Intent.PRIMARY}
        icon={demo ? "lab-test" : "feed"}
        data-testid="status-connection-type"
      >
        {demo ? "SIMULATION · DEMO" : type}
        {playback ? " · PLAYBACK" : ""}
      </Tag>
    </Tooltip>
  );
}

/** The backend's raceInfo, while NETWORK: lap, race day and time left today. */
function RaceStatus() {
  const race = useLiveStatus()?.backend?.raceInfo;
  if (!race) return null;
  return (
    <span className="helios-status-item" data-testid="status-race">
      Lap {race.lapNumber} · Day {race.raceDay} · {formatDuration(race.timeLeftMs)} left
    </span>
  );
}

export function StatusBar() {
  const app = useSnapshot(appState);
  const counters = useLiveStatus()?.counters;
  return (
    <footer className="helios-statusbar" aria-label="Status">
      <ConnectionTypeTag type={app.connectionType} playback={app.playbackSwitch} />
      <LinkIndicator label="Socket" connected={app.socketConnected} testId="status-socket" />
      <LinkIndicator label="Car" connected={app.mqttConnected} testId="status-car" />
      <span className="helios-status-item" data-testid="status-user-latency">
        User latency {formatLatency(app.userLatency)}
      </span>
      <span className="helios-status-item" data-testid="status-car-latency">
        Car latency {formatLatency(app.carLatency)}
      </span>
      {app.connectionType === "NETWORK" && <RaceStatus />}
      <span className="helios-status-spacer" />
      <span className="helios-status-item" data-testid="status-rate">
        {formatRate(counters?.packetRate)}
      </span>
      <span className="helios-status-item" data-testid="status-last-packet">
        Last packet {formatPacketTime(counters?.lastPacketTime)}
      </span>
      <span className="helios-status-item" data-testid="status-history">
        History{" "}
        {counters ? formatHistoryFill(counters.historyLength, counters.historyCapacity) : NO_VALUE}
      </span>
    </footer>
  );
}
