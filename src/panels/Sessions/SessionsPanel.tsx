// The Sessions tab: recorded sessions (replay, rename, delete), the span the
// backend holds, and a date + start/end time range to replay from the backend
// or from the recordings. Loading progress, Cancel and errors come from the
// playback state in the snapshot.
import {
  Button,
  Callout,
  Checkbox,
  ControlGroup,
  EditableText,
  FormGroup,
  HTMLTable,
  Intent,
  ProgressBar,
  Section,
  SectionCard,
} from "@blueprintjs/core";
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { PlaybackState, SessionInfo } from "../../../workers/contract/sessions";
import { appState } from "../../state/appState";
import { openCsvDialog } from "../../state/csvDialog";
import { endsNextDay, rangeOf, spanRange, startReplay } from "../../actions/playbackActions";
import { DateRangeInputs, useMistypedTime } from "../../ui/DateRangeInputs";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { formatBytes, formatDuration, formatPacketDate } from "../../ui/format/sessionFormat";
import { formatDateTimeNamed, zoneShortName } from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";
import { useBackendSpan, useSessions } from "./useSessions";
import { PanelHeading } from "../../ui/headings";
import { EmptyState } from "../../ui/EmptyState";
import { SeasonExportForm } from "./SeasonExportForm";
import "./sessions.css";

function SessionRow({
  session,
  onChanged,
  picked,
  onPick,
}: {
  session: SessionInfo;
  onChanged: () => void;
  picked: boolean;
  onPick: (on: boolean) => void;
}) {
  const { client } = useTelemetry();
  return (
    <tr data-testid="session-row">
      <td>
        <EditableText
          defaultValue={session.name}
          aria-label="Session name"
          onConfirm={(name) => void client.api.renameSession(session.id, name).then(onChanged)}
        />
      </td>
      <td>{session.source}</td>
      <td>{formatPacketDate(session.firstPacketTime)}</td>
      <td>{formatDuration(session.lastPacketTime - session.firstPacketTime)}</td>
      <td data-testid="session-packets">{session.packets.toLocaleString("en-US")}</td>
      <td>{formatBytes(session.bytes)}</td>
      <td className="helios-sessions-actions">
        <Button
          icon="play"
          text="Replay"
          intent={Intent.PRIMARY}
          size="small"
          data-testid="session-replay"
          onClick={() => startReplay(client, { kind: "session", sessionId: session.id })}
        />
        <Button
          icon="trash"
          aria-label={`Delete ${session.name}`}
          size="small"
          variant="minimal"
          onClick={() => void client.api.deleteSession(session.id).then(onChanged)}
        />
      </td>
      <td>
        <Checkbox
          checked={picked}
          aria-label={`Pick ${session.name} for the season export`}
          onChange={(e) => onPick(e.currentTarget.checked)}
        />
      </td>
    </tr>
  );
}

function LoadStatus({ playback }: { playback: PlaybackState | undefined }) {
  const { client } = useTelemetry();
  if (!playback?.on) return null;
  return (
    <div className="helios-sessions-status" data-testid="replay-status">
      {playback.loading && (
        <ControlGroup fill>
          <ProgressBar value={playback.loading.fraction ?? undefined} intent={Intent.PRIMARY} />
          <span>{playback.loading.packets.toLocaleString("en-US")} packets</span>
          <Button text="Cancel" onClick={() => void client.api.cancelReplay()} />
        </ControlGroup>
      )}
      {playback.error && (
        <Callout
          intent={Intent.DANGER}
          title="The replay could not load everything"
          data-testid="replay-error"
        >
          {playback.error}
        </Callout>
      )}
      {playback.rejected > 0 && (
        <Callout intent={Intent.WARNING} data-testid="replay-rejected">
          {playback.rejected.toLocaleString("en-US")} packets failed validation and are not
          replayed.
        </Callout>
      )}
    </div>
  );
}

function RangeForm({ backendConnected }: { backendConnected: boolean }) {
  const { client } = useTelemetry();
  const { playbackDateTime } = useSnapshot(appState);
  // The inputs are read in the zone times are shown in: another zone, another range.
  const zone = useShownZone();
  const mistyped = useMistypedTime();
  // While a time is mistyped the range is not the one on screen: nothing to replay.
  const range = mistyped ? null : rangeOf(playbackDateTime);
  const inZone = `Times are ${zoneShortName(zone)}, as everywhere (Settings → Show times in)`;
  const replay = (source: "backend" | "local") => {
    if (range) startReplay(client, { kind: "range", ...range, source });
  };
  return (
    <FormGroup
      label="Replay a date range"
      helperText={
        mistyped ??
        (!range
          ? "The end time must be after the start time."
          : endsNextDay(playbackDateTime)
            ? `${inZone}; the end is on the next day.`
            : `${inZone}.`)
      }
      intent={range ? Intent.NONE : Intent.DANGER}
    >
      <DateRangeInputs name="Replay">
        <Button
          icon="cloud-download"
          text="From backend"
          data-testid="replay-backend-range"
          disabled={!range || !backendConnected}
          onClick={() => replay("backend")}
        />
        <Button
          icon="database"
          text="From recordings"
          disabled={!range}
          onClick={() => replay("local")}
        />
      </DateRangeInputs>
    </FormGroup>
  );
}

function BackendSpanText({ connected }: { connected: boolean }) {
  const span = useBackendSpan(connected);
  if (!connected)
    return <p className="helios-muted">Connect to the backend to see the span it holds.</p>;
  if (!span) return <p className="helios-muted">Asking the backend…</p>;
  if (!span.ok) return <Callout intent={Intent.WARNING}>{span.message}</Callout>;
  const fill = () => {
    appState.playbackDateTime = spanRange(span.first, span.last);
  };
  return (
    <p data-testid="backend-span">
      The backend holds {formatPacketDate(span.first)} to {formatDateTimeNamed(span.last)}{" "}
      (generation {span.generation}).{" "}
      <Button
        size="small"
        variant="minimal"
        text="Use this span"
        data-testid="backend-span-use"
        onClick={fill}
      />
    </p>
  );
}

export function SessionsPanel() {
  const recording = useLiveStatusPart("recording");
  const playback = useLiveStatusPart("playback");
  const connected = useLiveStatusPart("connection")?.socketConnected ?? false;
  const { sessions, refresh } = useSessions();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const pick = (id: string, on: boolean) =>
    setPicked((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // The sessions' start times are in it, named in their header.
  const zone = useShownZone();
  return (
    <div className="helios-sessions" data-testid="panel-sessions">
      <LoadStatus playback={playback} />
      <Section title="Recorded sessions" compact titleRenderer={PanelHeading}>
        <SectionCard>
          {recording && !recording.available && (
            <Callout intent={Intent.WARNING} data-testid="recording-problem">
              {recording.problem ??
                "This browser does not let the dashboard store sessions; live data works as usual."}
            </Callout>
          )}
          {sessions && sessions.length > 0 ? (
            <HTMLTable compact striped className="helios-sessions-table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Source</th>
                  <th>Start ({zoneShortName(zone)})</th>
                  <th>Length</th>
                  <th>Packets</th>
                  <th>Size</th>
                  <th />
                  <th>Pick</th>
                </tr>
              </thead>
              <tbody>
                {[...sessions].reverse().map((s) => (
                  <SessionRow
                    key={s.id}
                    session={s}
                    onChanged={() => void refresh()}
                    picked={picked.has(s.id)}
                    onPick={(on) => pick(s.id, on)}
                  />
                ))}
              </tbody>
            </HTMLTable>
          ) : (
            <EmptyState
              icon="database"
              title={sessions ? "No recorded sessions yet" : "Loading…"}
            />
          )}
        </SectionCard>
      </Section>
      {sessions && sessions.length > 0 && (
        <Section
          title="Export season for DuckDB, Polars and Spark"
          compact
          titleRenderer={PanelHeading}
        >
          <SectionCard>
            <SeasonExportForm sessions={sessions} picked={picked} />
          </SectionCard>
        </Section>
      )}
      <Section title="Backend and date ranges" compact titleRenderer={PanelHeading}>
        <SectionCard>
          <BackendSpanText connected={connected} />
          <RangeForm backendConnected={connected} />
        </SectionCard>
      </Section>
      <Section title="CSV files" compact titleRenderer={PanelHeading}>
        <SectionCard>
          <p>
            A CSV export of every field (from Helios or its reference tool) replays here, marked as
            imported.{" "}
            <Button
              icon="import"
              text="Import CSV…"
              data-testid="sessions-import-csv"
              onClick={() => openCsvDialog({ kind: "import" })}
            />
          </p>
        </SectionCard>
      </Section>
    </div>
  );
}
