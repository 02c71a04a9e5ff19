// Bottom bar: where the data comes from and how healthy the link is.
import { Intent, Tag, Tooltip } from "@blueprintjs/core";
import type { PlaybackState } from "../../../workers/contract";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { useLiveStatus } from "../../worker-client/hooks";
import type { CarLink } from "../../../workers/contract";
import {
  CAR_LINK_TEXTS,
  formatHistoryFill,
  formatLatency,
  formatPacketTime,
  formatRate,
  waitingText,
} from "./format";
import { NO_VALUE } from "../../panels/common/formatNumber";
import { formatDuration } from "../../panels/Laps/raceFormat";
import { useRaceDistance } from "../../panels/Laps/useRaceDistance";
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

/** The car's link is three-state: unknown until the backend says or packets prove it. */
function CarLinkIndicator({ link }: { link: CarLink }) {
  const dot = link === "connected" ? "on" : link === "disconnected" ? "off" : "unknown";
  return (
    <span className="helios-status-item" data-testid="status-car" data-state={link}>
      <span className={`helios-dot helios-dot-${dot}`} />
      {CAR_LINK_TEXTS[link]}
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

/**
 * An imported CSV is on screen (it replays like a session): say so, it is not
 * live data. The transport bar has the way back to live.
 */
function ImportedMarker({ playback }: { playback: PlaybackState | undefined }) {
  const origin = playback?.on ? playback.origin : null;
  // A saved import replays as a session whose source is IMPORT.
  const imported =
    origin?.kind === "import" || (origin?.kind === "session" && origin.source === "IMPORT");
  if (!imported) return null;
  return (
    <Tooltip
      content={`Panels and plots show rows imported from ${origin.name}; live data is still recorded`}
    >
      <Tag intent={Intent.DANGER} icon="import" data-testid="status-imported">
        IMPORTED {origin.name}
      </Tag>
    </Tooltip>
  );
}

/** The backend's raceInfo, while NETWORK: lap, race day, distances and time left today. */
function RaceStatus() {
  const race = useLiveStatus()?.backend?.raceInfo;
  const distance = useRaceDistance();
  if (!race) return null;
  return (
    <span className="helios-status-item" data-testid="status-race">
      Lap {race.lapNumber} · Day {race.raceDay} · {distance(race.distanceToday)} today ·{" "}
      {distance(race.totalDistance)} total · {formatDuration(race.timeLeftMs)} left
    </span>
  );
}

export function StatusBar() {
  const app = useSnapshot(appState);
  const status = useLiveStatus();
  const counters = status?.counters;
  const connection = status?.connection;
  // Re-rendered with every snapshot (~10 per second), so the age stays current.
  const waiting = waitingText(
    app.connectionType,
    connection?.liveDataFlowing ?? false,
    connection?.lastLivePacketAt ?? null,
    Date.now(),
  );
  return (
    <footer className="helios-statusbar" aria-label="Status">
      <ConnectionTypeTag type={app.connectionType} playback={app.playbackSwitch} />
      <ImportedMarker playback={status?.playback} />
      <LinkIndicator label="Socket" connected={app.socketConnected} testId="status-socket" />
      <CarLinkIndicator link={connection?.carLink ?? "unknown"} />
      {waiting && (
        <span className="helios-status-item helios-status-waiting" data-testid="status-waiting">
          {waiting}
        </span>
      )}
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
