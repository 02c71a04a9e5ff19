// The lap table from GET /laps (and live lapData) as the worker formatted it.
import { Button, Callout, HTMLTable } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import type { FormattedLap } from "../../../workers/contract";
import { applyLapResult, lapsState } from "../../state/lapsState";
import { useTelemetry } from "../../worker-client/hooks";
import { EmptyState } from "../common/EmptyState";
import { LongText } from "../common/LongText";
import "./laps.css";
import { openCsvDialog } from "../../shell/csv/csvDialogState";

const COLUMNS: { key: Exclude<keyof FormattedLap["data"], "timeStamp">; title: string }[] = [
  { key: "lapTime", title: "Lap time" },
  { key: "distance", title: "Distance" },
  { key: "averageSpeed", title: "Avg speed" },
  { key: "ampHours", title: "Amp hours" },
  { key: "averagePackCurrent", title: "Avg pack current" },
  { key: "energyConsumed", title: "Energy used" },
  { key: "totalPowerIn", title: "Power in" },
  { key: "totalPowerOut", title: "Power out" },
  { key: "netPowerOut", title: "Net power out" },
  { key: "batterySecondsRemaining", title: "Battery s left" },
];

function LapRows({ laps }: { laps: readonly FormattedLap[] }) {
  return (
    <tbody>
      {laps.map((lap, index) => (
        <tr key={`${lap.timestamp}-${index}`} data-testid="lap-row">
          <td className="helios-num">{index + 1}</td>
          <td>{lap.data.timeStamp}</td>
          <td className="helios-lap-rfid">
            <LongText text={lap.Rfid} />
          </td>
          {COLUMNS.map((column) => (
            <td key={column.key} className="helios-num">
              {lap.data[column.key]}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

export function LapsPanel() {
  const { client } = useTelemetry();
  const { laps, message, error, received } = useSnapshot(lapsState);
  const refresh = () => void client.api.refreshLaps().then(applyLapResult, () => undefined);
  return (
    <div className="helios-panel" data-testid="panel-laps">
      <div className="helios-panel-toolbar">
        <Button icon="refresh" text="Refresh laps" onClick={refresh} />
        <Button
          icon="export"
          text="Export CSV"
          disabled={laps.length === 0}
          data-testid="laps-export"
          onClick={() => openCsvDialog({ kind: "laps" })}
        />
      </div>
      {error && (
        <Callout intent="warning" icon="warning-sign" data-testid="laps-error">
          {message}
        </Callout>
      )}
      {laps.length === 0 ? (
        <EmptyState
          icon="flag"
          title={received ? "No laps yet" : "Waiting for lap data"}
          description="Laps come from the backend (NETWORK, playback off)."
        />
      ) : (
        <HTMLTable compact striped interactive className="helios-wide-table helios-lap-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Time</th>
              <th>RFID</th>
              {COLUMNS.map((column) => (
                <th key={column.key} className="helios-num">
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <LapRows laps={laps} />
        </HTMLTable>
      )}
    </div>
  );
}
