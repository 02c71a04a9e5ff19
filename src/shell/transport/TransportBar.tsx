// The transport bar, shown while playback is on: play/pause, speed, step,
// jump to start/end, a scrubber with the replay's laps and alert starts
// marked, the playback clock, and the way back to live. Everything it shows
// comes from the snapshot (the alerts from alerts() when their version moves).
import { Button, ButtonGroup, HTMLSelect, Intent, ProgressBar, Tag } from "@blueprintjs/core";
import type { PlaybackState } from "../../../workers/contract/sessions";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { jump, SPEEDS, stopPlayback } from "../../actions/playbackActions";
import { formatTime, zoneShortName } from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";
import { useShownAlerts } from "../../ui/useShownAlerts";
import { useNotes } from "../../worker-client/useNotes";
import { NOTE_COLOUR_LOOK } from "../../ui/noteColours";
import { SEVERITY_WORDS, severityFillClass } from "../../ui/alertLevel";
import "./transport.css";

function clockText(seconds: number | null): string {
  return seconds === null ? "--:--:--" : formatTime(seconds);
}

function originText(playback: PlaybackState): string {
  const origin = playback.origin;
  if (!origin) return "Nothing loaded: choose a session or range in the Sessions tab";
  if (origin.kind === "session") return `Session ${origin.name} (${origin.source})`;
  if (origin.kind === "backend") return `Backend range (${origin.url})`;
  if (origin.kind === "import") return `Imported ${origin.name}`;
  return "Recorded range";
}

function LapMarks({ playback }: { playback: PlaybackState }) {
  const { start, end, laps } = playback;
  if (start === null || end === null || end <= start) return null;
  return (
    <div className="helios-transport-laps" aria-hidden="true">
      {laps.map((t) => (
        <span
          key={t}
          className="helios-transport-lap"
          style={{ left: `${((t - start) / (end - start)) * 100}%` }}
          title={`Lap at ${clockText(t)}`}
        />
      ))}
    </div>
  );
}

/** Marks at most: a storm of alerts would only paint the scrubber solid. */
const MAX_ALERT_MARKS = 300;

/** Where the replayed history's alerts started, coloured by severity. */
function AlertMarks({ playback }: { playback: PlaybackState }) {
  const log = useShownAlerts()?.log;
  const { start, end } = playback;
  if (!log || start === null || end === null || end <= start) return null;
  const marks = log.filter((a) => a.start >= start && a.start <= end).slice(-MAX_ALERT_MARKS);
  return (
    <div className="helios-transport-laps" data-testid="transport-alert-marks">
      {marks.map((alert) => (
        <span
          key={alert.seq}
          className={`helios-transport-alert ${severityFillClass(alert.severity)}`}
          data-severity={alert.severity}
          style={{ left: `${((alert.start - start) / (end - start)) * 100}%` }}
          title={`${SEVERITY_WORDS[alert.severity]} at ${clockText(alert.start)}: ${alert.message}`}
        />
      ))}
    </div>
  );
}

/** Where the replayed session's notes were made, in their colours (top of the scrubber; alerts are at its foot). */
function NoteMarks({ playback }: { playback: PlaybackState }) {
  const { notes } = useNotes().list;
  const { start, end } = playback;
  if (start === null || end === null || end <= start || notes.length === 0) return null;
  const marks = notes.filter((n) => n.from >= start && n.from <= end).slice(-MAX_ALERT_MARKS);
  return (
    <div className="helios-transport-laps" data-testid="transport-note-marks">
      {marks.map((note) => (
        <span
          key={note.id}
          className="helios-transport-note"
          style={{
            left: `${((note.from - start) / (end - start)) * 100}%`,
            background: NOTE_COLOUR_LOOK[note.colour].swatch,
          }}
          title={`Note at ${clockText(note.from)}: ${note.text}`}
        />
      ))}
    </div>
  );
}

export function TransportBar() {
  const { client } = useTelemetry();
  const playback = useLiveStatusPart("playback");
  const zone = useShownZone();
  if (!playback?.on) return null;
  const api = client.api;
  // Controls wait for the load: the clock means nothing before packets are there.
  const ready =
    playback.loading === null &&
    playback.clock !== null &&
    playback.start !== null &&
    playback.end !== null;
  const span = ready ? playback.end! - playback.start! : 0;
  return (
    <div
      className="helios-transport"
      role="toolbar"
      aria-label="Playback"
      data-testid="transport-bar"
    >
      <Tag intent={Intent.WARNING} icon="history" minimal>
        PLAYBACK
      </Tag>
      {playback.origin?.kind === "session" && playback.origin.source === "DEMO" && (
        // Never show simulated data as if it came from the car.
        <Tag intent={Intent.WARNING} icon="lab-test" data-testid="transport-simulated">
          SIMULATION
        </Tag>
      )}
      <ButtonGroup>
        <Button
          icon="step-backward"
          aria-label="Jump to start"
          disabled={!ready}
          onClick={() => jump(client, playback, "start")}
        />
        <Button
          icon="chevron-left"
          aria-label="Step back"
          disabled={!ready}
          onClick={() => void api.step(-1)}
        />
        <Button
          icon={playback.playing ? "pause" : "play"}
          aria-label={playback.playing ? "Pause" : "Play"}
          data-testid="transport-play"
          disabled={!ready}
          intent={Intent.PRIMARY}
          onClick={() => void api.setPlaying(!playback.playing)}
        />
        <Button
          icon="chevron-right"
          aria-label="Step forward"
          disabled={!ready}
          onClick={() => void api.step(1)}
        />
        <Button
          icon="step-forward"
          aria-label="Jump to end"
          disabled={!ready}
          onClick={() => jump(client, playback, "end")}
        />
      </ButtonGroup>
      <HTMLSelect
        aria-label="Playback speed"
        data-testid="transport-speed"
        value={String(playback.speed)}
        onChange={(event) => void api.setSpeed(Number(event.currentTarget.value))}
        options={SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
      />
      <div className="helios-transport-scrubber">
        <LapMarks playback={playback} />
        <AlertMarks playback={playback} />
        <NoteMarks playback={playback} />
        <input
          type="range"
          aria-label="Playback position"
          data-testid="transport-scrubber"
          min={0}
          max={1000}
          disabled={!ready}
          value={
            ready && span > 0 ? Math.round(((playback.clock! - playback.start!) / span) * 1000) : 0
          }
          onChange={(event) => {
            if (ready)
              void api.seek(playback.start! + (Number(event.currentTarget.value) / 1000) * span);
          }}
        />
      </div>
      <span className="helios-transport-clock">
        <span data-testid="transport-clock">{clockText(playback.clock)}</span>{" "}
        {/* The clock stands alone: its zone is named (the marks' tooltips go without). */}
        <span className="helios-transport-zone">{zoneShortName(zone)}</span>
      </span>
      {playback.loading ? (
        <span className="helios-transport-loading">
          <ProgressBar value={playback.loading.fraction ?? undefined} intent={Intent.PRIMARY} />
          <Button size="small" text="Cancel" onClick={() => void api.cancelReplay()} />
        </span>
      ) : (
        <span className="helios-transport-origin" title={originText(playback)}>
          {originText(playback)}
        </span>
      )}
      <Button
        icon="feed"
        text="Back to live"
        data-testid="transport-live"
        onClick={() => stopPlayback(client)}
      />
    </div>
  );
}
