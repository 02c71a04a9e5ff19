// Bottom bar: where the data comes from and how healthy the link is. On a
// phone or a tablet (the pit view) it keeps the source, the links, the alert
// count and the charge; the rest is the desktop's (statusbar.css).
import { Intent, Tag, Tooltip } from "@blueprintjs/core";
import type { PlaybackState, RestoreProgress } from "../../../workers/contract/sessions";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { coreLineState, type CoreLine } from "../../state/coreLine";
import { CORE_REPLACE_AFTER_MS } from "../wiring/coreWatch";
import { useLiveStatus, useLiveStatusPart } from "../../worker-client/hooks";
import type { LiveStatus } from "../../worker-client/liveStore";
import type { CarLink } from "../../../workers/contract/connection";
import {
  CAR_LINK_TEXTS,
  demoDayText,
  figureWidthCh,
  formatHistoryFill,
  formatLatency,
  formatPacketTime,
  formatRate,
  waitingText,
} from "../../ui/format/statusFormat";
import { NO_VALUE } from "../../ui/format/formatNumber";
import { formatDuration, raceDayText } from "../../ui/format/raceFormat";
import { restoreText } from "../../ui/format/sessionFormat";
import { recomputeText } from "../../ui/format/mathFormat";
import { NOT_RECORDING_MARKER } from "../../ui/format/windowsFormat";
import { useRaceDistance } from "../../ui/useRaceDistance";
import { useShownZone } from "../../ui/useShownZone";
import { memo, useRef, type ReactNode } from "react";
import { useScrollEdges } from "../../ui/useScrollEdges";
import { AlertCounts } from "./AlertCounts";
import { AppUpdateButton } from "../offline/AppUpdateButton";
import { SeasonProgress } from "./SeasonProgress";
import { useWindowName } from "../windows/useWindowName";
import { PIT_VIEW_QUERY, useMediaQuery } from "../../ui/useMediaQuery";
import { StatusCharge } from "./StatusCharge";
import "./statusbar.css";

/**
 * A number that changes several times a second, in a box sized by its text
 * (statusbar.css, figureWidthCh): a new value lays out the box only, not the whole page.
 */
function Figure({ text }: { text: string }) {
  // The outer span is the item's flex item; the box inside it is not one, so
  // it can be a relayout boundary.
  return (
    <span>
      <span className="helios-status-figure" style={{ width: `${figureWidthCh(text)}ch` }}>
        {text}
      </span>
    </span>
  );
}

// The pieces below are memoised: the bar re-renders with every snapshot, and
// Blueprint's Tag measures its text (a forced layout) each time it renders.
const LinkIndicator = memo(function LinkIndicator({
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
});

/** The car's link is three-state: unknown until the backend says or packets prove it. */
const CarLinkIndicator = memo(function CarLinkIndicator({ link }: { link: CarLink }) {
  const dot = link === "connected" ? "on" : link === "disconnected" ? "off" : "unknown";
  return (
    <span className="helios-status-item" data-testid="status-car" data-state={link}>
      <span className={`helios-dot helios-dot-${dot}`} />
      {CAR_LINK_TEXTS[link]}
    </span>
  );
});

const ConnectionTypeTag = memo(function ConnectionTypeTag({
  type,
  playback,
}: {
  type: string;
  playback: boolean;
}) {
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
});

/**
 * An imported CSV is on screen (it replays like a session): say so, it is not
 * live data. The transport bar has the way back to live.
 */
const ImportedMarker = memo(function ImportedMarker({
  playback,
}: {
  playback: PlaybackState | undefined;
}) {
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
});

/** A reload is restoring the recorded day: what is on screen, and how far it got. */
const RestoreMarker = memo(function RestoreMarker({
  restore,
}: {
  restore: RestoreProgress | null | undefined;
}) {
  const text = restoreText(restore);
  if (text === null) return null;
  return (
    <Tooltip content="Plots and map show the recorded day at one row a second until every row is read back; live packets wait and follow">
      <Tag intent={Intent.PRIMARY} icon="history" minimal data-testid="status-restore">
        {text}
      </Tag>
    </Tooltip>
  );
});

const CORE_LINE_TEXTS: Record<Exclude<CoreLine, "answers">, string> = {
  silent: "Core not answering: not live",
  busy: "Core busy: not live",
  stopped: "Core stopped: not live",
  replacing: "Starting a new core: not live",
};

/** The core does not answer (coreWatch.ts): what is on screen is not live. */
function CoreLineMarker() {
  const { line } = useSnapshot(coreLineState);
  if (line === "answers") return null;
  return (
    <Tooltip
      content={`The telemetry core does not answer. A core that stopped is started again by reloading this window; a busy one is waited for, and one that has not answered for ${CORE_REPLACE_AFTER_MS / 1000} s is replaced by a new one.`}
    >
      <Tag intent={Intent.DANGER} icon="offline" data-testid="status-core-line">
        {CORE_LINE_TEXTS[line]}
      </Tag>
    </Tooltip>
  );
}

/** Without a shared core, another window of the app records: this one says so (issue 38). */
function NotRecorderMarker() {
  const windows = useLiveStatusPart("windows");
  if (windows?.recorder !== "another window") return null;
  return (
    <Tooltip content="Another window of this app records the car; this window does not record. Settings → Sessions says more.">
      <Tag intent={Intent.WARNING} icon="record" minimal data-testid="status-not-recorder">
        {NOT_RECORDING_MARKER}
      </Tag>
    </Tooltip>
  );
}

/** Math channels being computed over a history (a channel saved, a replay, an import): how far. */
function MathRecompute() {
  const text = recomputeText(useLiveStatusPart("math")?.recompute ?? null);
  if (text === null) return null;
  return (
    <span className="helios-status-item" data-testid="status-math-recompute">
      {text}
    </span>
  );
}

/**
 * The backend's raceInfo, while NETWORK: lap, race day, time left today and
 * the distances. Plain inline text (not a flex row, whose gaps would part each
 * figure from its word), and the one item that gives way when the bar is too
 * narrow: its end fades to an ellipsis and the whole reads on hover, so the
 * packet rate and history at the bar's right end stay in view. Time left comes
 * before the distances as what a strategist looks for first.
 */
function RaceStatus() {
  const race = useLiveStatusPart("backend")?.raceInfo;
  const distance = useRaceDistance();
  if (!race) return null;
  const day = raceDayText(race.raceDay, race.raceDays);
  const left = formatDuration(race.timeLeftMs);
  const today = distance(race.distanceToday);
  const total = distance(race.totalDistance);
  return (
    <span
      className="helios-status-race"
      data-testid="status-race"
      title={`Lap ${race.lapNumber} · ${day} · ${left} left today · ${today} today · ${total} in total`}
    >
      Lap <Figure text={String(race.lapNumber)} /> · {day} · <Figure text={left} /> left ·{" "}
      <Figure text={today} /> today · <Figure text={total} /> total
    </span>
  );
}

/** Words a narrow bar leaves out ("User latency" → "User"); the text keeps them. */
function Short({ children }: { children: string }) {
  return <span className="helios-status-long">{children}</span>;
}

/**
 * Everything left of the alert counts: in a narrow window (two side by side)
 * it is what gives way, clipped at its end with a fade, so the alerts, rate,
 * last packet and history on the right stay whole. The race item shrinks
 * first (RaceStatus).
 */
function StatusLeft({ children }: { children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const edges = useScrollEdges(box);
  return (
    <span ref={box} className="helios-status-left" data-more-right={edges.right}>
      {children}
    </span>
  );
}

/** The latencies, the race and the demo day: the desktop's, left of the alerts. */
function DeskLeft({ status }: { status: LiveStatus | null }) {
  const app = useSnapshot(appState);
  const demoDay = status?.connection?.demoDay;
  return (
    <>
      <span className="helios-status-item" data-testid="status-user-latency">
        <span>
          User<Short> latency</Short>
        </span>{" "}
        <Figure text={formatLatency(app.userLatency)} />
      </span>
      <span className="helios-status-item" data-testid="status-car-latency">
        <span>
          Car<Short> latency</Short>
        </span>{" "}
        <Figure text={formatLatency(app.carLatency)} />
      </span>
      {app.connectionType === "NETWORK" && <RaceStatus />}
      {demoDay && (
        <span className="helios-status-item" data-testid="status-demo-day">
          {demoDayText(demoDay)}
        </span>
      )}
    </>
  );
}

/** The packet rate, the last packet's time and the history's fill: the desktop's, at the right end. */
function DeskRight({ counters }: { counters: LiveStatus["counters"] | undefined }) {
  return (
    <>
      <span className="helios-status-item" data-testid="status-rate">
        <Figure text={formatRate(counters?.packetRate)} />
      </span>
      <span className="helios-status-item" data-testid="status-last-packet">
        <span>
          Last<Short> packet</Short>
        </span>{" "}
        <Figure text={formatPacketTime(counters?.lastPacketTime)} />
      </span>
      <span className="helios-status-item" data-testid="status-history">
        History{" "}
        <Figure
          text={
            counters
              ? formatHistoryFill(counters.historyLength, counters.historyCapacity)
              : NO_VALUE
          }
        />
      </span>
    </>
  );
}

export function StatusBar() {
  const app = useSnapshot(appState);
  const status = useLiveStatus();
  const windowName = useWindowName();
  const pit = useMediaQuery(PIT_VIEW_QUERY);
  useShownZone(); // the last packet's time is in it: drawn again when it changes
  const connection = status?.connection;
  // Re-rendered with every snapshot (~10 per second), so the age stays current.
  const waiting = waitingText(
    app.connectionType,
    connection?.liveDataFlowing ?? false,
    connection?.lastLivePacketAt ?? null,
    Date.now(),
  );
  return (
    <footer className={`helios-statusbar${pit ? " helios-statusbar-pit" : ""}`} aria-label="Status">
      <StatusLeft>
        {windowName && !pit && (
          <Tooltip content="This window's name: its plot layout and map view are saved under it">
            <Tag minimal icon="application" data-testid="status-window-name">
              {windowName}
            </Tag>
          </Tooltip>
        )}
        <ConnectionTypeTag type={app.connectionType} playback={app.playbackSwitch} />
        {/* Beside the source, so a narrow bar that clips its left part keeps it. */}
        {waiting && (
          <span className="helios-status-item helios-status-waiting" data-testid="status-waiting">
            {waiting}
          </span>
        )}
        <ImportedMarker playback={status?.playback} />
        <RestoreMarker restore={status?.recording?.restore} />
        <CoreLineMarker />
        <NotRecorderMarker />
        <MathRecompute />
        <SeasonProgress />
        <LinkIndicator label="Socket" connected={app.socketConnected} testId="status-socket" />
        <CarLinkIndicator link={connection?.carLink ?? "unknown"} />
        {!pit && <DeskLeft status={status} />}
      </StatusLeft>
      <span className="helios-status-spacer" />
      <AppUpdateButton />
      <AlertCounts />
      {pit ? <StatusCharge /> : <DeskRight counters={status?.counters} />}
    </footer>
  );
}
