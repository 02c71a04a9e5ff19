// The Laps tab: race info (NETWORK), the lap table with a driver filter, and
// where laps come from for the current source. Picking a lap zooms the plots
// to its time window and highlights its part of the track on the map.
import { useNotes } from "../../worker-client/useNotes";
import { notesInLap } from "./lapNotes";
import { Button, Callout, HTMLSelect } from "@blueprintjs/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSnapshot } from "valtio";
import type { ConnectionType } from "../../../workers/contract/fields";
import type { Lap } from "../../../workers/contract/laps";
import type { LapTable as LapTableData } from "../../../workers/contract/lapAnalysis";
import { appState } from "../../state/appState";
import { applyLapResult, lapsState } from "../../state/lapsState";
import { focusPlots } from "../../state/plotFocus";
import { openRangeStats } from "../../state/rangeStats";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { openCsvDialog } from "../../state/csvDialog";
import { EmptyState } from "../../ui/EmptyState";
import { truncateText } from "../../ui/format/truncateText";
import { driverName, formatLapTime, lapWindow } from "../../ui/format/lapFormat";
import { lapCompare, sameLap, togglePicked, type PickedLap } from "../../state/lapCompare";
import { LapTable } from "./LapTable";
import { LapColumnChooser } from "./LapColumnChooser";
import { lapColumns } from "../../state/lapColumns";
import { SectorSummary } from "./SectorSummary";
import { SectorTable } from "./SectorTable";
import { lapAnalysisState } from "../../state/lapAnalysis";
import { RaceInfoCard } from "./RaceInfoCard";
import "./laps.css";

const ALL_DRIVERS = "";

/** Where laps come from, for the empty state. */
export function lapSourceText(type: ConnectionType, playback: boolean): string {
  if (playback)
    return "No laps in this replay: playback shows the laps recorded with what it replays.";
  if (type === "NETWORK")
    return "Laps come from the backend: GET /laps at load, then each lapData it sends.";
  if (type === "DEMO")
    return "Laps come from the simulated demo car each time it crosses the finish line (simulated, not the car).";
  return "The radio sends no laps: connect to the backend (NETWORK) to see them.";
}

function selectLap(lap: Lap, number: number): void {
  const { from, to } = lapWindow(lap);
  lapsState.selected = { endMs: lap.endMs, from, to };
  focusPlots(from, to, `Lap ${number}`);
}

/** A lap of the table as the compare view names it (its start in the shown history). */
function pickedOf(lap: Lap, number: number, drivers: Readonly<Record<string, string>>): PickedLap {
  const driver = driverName(lap.rfid, drivers);
  return {
    key: { origin: { kind: "shown" }, start: lap.endMs / 1000 - lap.lapTime },
    label: [`Lap ${number}`, formatLapTime(lap.lapTime), driver].filter(Boolean).join(" · "),
    lapTimeS: lap.lapTime,
    counts: true,
  };
}

export function LapsPanel() {
  const { client } = useTelemetry();
  const navigate = useNavigate();
  // A lap's statistics are of the plotted series: shown beside the plots, zoomed to the lap.
  const lapStats = (lap: Lap, number: number) => {
    selectLap(lap, number);
    const { from, to } = lapWindow(lap);
    openRangeStats(from, to, `Lap ${number}`);
    void navigate({ pathname: "/plots", search: window.location.search });
  };
  const { laps, drivers, message, error, reason, received, selected } = useSnapshot(lapsState);
  const { picked } = useSnapshot(lapCompare);
  const { appUnits, connectionType, playbackSwitch } = useSnapshot(appState);
  const { table: analysis } = useSnapshot(lapAnalysisState);
  const { shown: shownColumns } = useSnapshot(lapColumns);
  const raceInfo = useLiveStatusPart("backend")?.raceInfo ?? null;
  const [driver, setDriver] = useState(ALL_DRIVERS);
  const refresh = () => void client.api.refreshLaps().then(applyLapResult, () => undefined);
  const numbers = new Map(laps.map((lap, index) => [lap, index + 1]));
  const rfids = [...new Set(laps.map((lap) => lap.rfid))];
  const shown = driver === ALL_DRIVERS ? laps : laps.filter((lap) => lap.rfid === driver);
  const numberOf = (lap: Lap) => numbers.get(lap) ?? 0;
  const { list: noteList } = useNotes();
  return (
    <div className="helios-panel" data-testid="panel-laps">
      {connectionType === "NETWORK" && raceInfo && <RaceInfoCard info={raceInfo} />}
      <div className="helios-panel-toolbar">
        <Button icon="refresh" text="Refresh laps" onClick={refresh} />
        <HTMLSelect
          aria-label="Driver"
          className="helios-lap-driver-filter"
          data-testid="lap-driver-filter"
          value={driver}
          onChange={(event) => setDriver(event.currentTarget.value)}
          options={[
            { value: ALL_DRIVERS, label: "All drivers" },
            ...rfids.map((rfid) => ({
              value: rfid,
              label: truncateText(driverName(rfid, drivers), 32),
            })),
          ]}
        />
        <Button
          icon="export"
          text="Export CSV"
          disabled={laps.length === 0}
          data-testid="laps-export"
          onClick={() => openCsvDialog({ kind: "laps" })}
        />
        <LapColumnChooser />
        <Button
          icon="comparison"
          intent="primary"
          text={`Compare ${picked.length > 0 ? `(${picked.length})` : "laps"}`}
          title="Pick 2–6 laps with the checkboxes, then compare them by distance"
          // One lap is enough to open it: the other may be another session's.
          disabled={picked.length === 0}
          data-testid="laps-compare"
          onClick={() =>
            void navigate({ pathname: "/laps/compare", search: window.location.search })
          }
        />
        {selected && (
          <Button
            minimal
            icon="cross"
            text="Clear lap selection"
            onClick={() => (lapsState.selected = null)}
          />
        )}
      </div>
      {error && laps.length === 0 && (
        <Callout intent="warning" icon="warning-sign" data-testid="laps-error" title={message}>
          {reason}
        </Callout>
      )}
      {!error && reason && laps.length > 0 && (
        <Callout intent="warning" icon="warning-sign" data-testid="laps-error">
          The last refresh failed, so these are the laps from before it. {reason}
        </Callout>
      )}
      {laps.length === 0 ? (
        <EmptyState
          icon="flag"
          title={received ? "No laps yet" : "Waiting for lap data"}
          description={lapSourceText(connectionType, playbackSwitch)}
          data-testid="laps-empty"
        />
      ) : (
        <>
          <SectorSummary table={analysis as LapTableData | null} />
          <LapTable
            analysis={analysis as LapTableData | null}
            laps={shown as Lap[]}
            numberOf={numberOf}
            drivers={drivers}
            units={appUnits}
            selectedEndMs={selected?.endMs ?? null}
            onSelect={(lap) => selectLap(lap, numberOf(lap))}
            onStats={(lap) => lapStats(lap, numberOf(lap))}
            isPicked={(lap) => picked.some((p) => sameLap(p.key, pickedOf(lap, 0, drivers).key))}
            onPick={(lap) => togglePicked(pickedOf(lap, numberOf(lap), drivers))}
            shown={shownColumns}
            notesIn={(lap) => notesInLap(noteList.notes, lap)}
          />
          <SectorTable table={analysis as LapTableData | null} units={appUnits} />
        </>
      )}
    </div>
  );
}
