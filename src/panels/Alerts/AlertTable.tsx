// One table of alerts (the active ones, or the log): severity, since when, how
// long, the value then and the worst, and the message in the user's units.
// A row click shows the alert's moment on the plots and the map.
import { Button, HTMLTable, Tag } from "@blueprintjs/core";
import type { AlertEntry, AlertSeverity } from "../../../workers/contract/alerts";
import type { AppUnits, FieldPath } from "../../../workers/contract/fields";
import { useField } from "../../worker-client/hooks";
import { alertDurationText, alertValueText } from "../../ui/format/alertFormat";
import { formatDateTime, formatTime } from "../../ui/format/dateTime";

/** The subject's value now (packet fields; the System.* subjects have none here). */
function NowValue({ entry, units }: { entry: AlertEntry; units: AppUnits }) {
  const value = useField(entry.subject as FieldPath);
  const number =
    typeof value === "boolean" ? Number(value) : typeof value === "number" ? value : NaN;
  return (
    <td className="helios-num" data-testid="alert-now">
      {alertValueText(number, entry.unit, units)}
    </td>
  );
}

const INTENT: Record<AlertSeverity, "danger" | "warning" | "none"> = {
  critical: "danger",
  warning: "warning",
  info: "none",
};

export interface AlertTableProps {
  entries: readonly AlertEntry[];
  units: AppUnits;
  messageOf: (entry: AlertEntry) => string;
  testId: string;
  onShow: (entry: AlertEntry) => void;
  onAcknowledge: (entry: AlertEntry) => void;
  onMute: (entry: AlertEntry) => void;
  muteMinutes: number;
  mutedRules: Record<string, number>;
  /**
   * The active table: a "Now" column with the subject's live value, and
   * durations counted to this packet time (epoch s; null: as the worker last said).
   */
  active?: { newestTime: number | null };
}

export function AlertTable({
  entries,
  units,
  messageOf,
  testId,
  onShow,
  onAcknowledge,
  onMute,
  muteMinutes,
  mutedRules,
  active,
}: AlertTableProps) {
  const durationOf = (entry: AlertEntry) =>
    active?.newestTime != null && entry.end === null
      ? Math.max(entry.duration, active.newestTime - entry.start)
      : entry.duration;
  return (
    <HTMLTable
      compact
      striped
      interactive
      className="helios-wide-table helios-alert-table"
      data-testid={testId}
    >
      <thead>
        <tr>
          <th>Severity</th>
          <th>Since</th>
          <th>Ended</th>
          <th className="helios-num">Duration</th>
          <th className="helios-num">Value</th>
          {active && <th className="helios-num">Now</th>}
          <th className="helios-num">Peak</th>
          <th>Message</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const flashing =
            entry.severity === "critical" && entry.end === null && !entry.acknowledged;
          return (
            <tr
              key={entry.seq}
              data-testid="alert-row"
              data-seq={entry.seq}
              data-severity={entry.severity}
              data-acknowledged={entry.acknowledged}
              className={flashing ? "helios-alert-unacknowledged" : undefined}
              onClick={() => onShow(entry)}
              title="Show this moment on the plots and the map"
            >
              <td>
                <Tag intent={INTENT[entry.severity]} minimal={entry.severity !== "critical"}>
                  {entry.severity}
                </Tag>
              </td>
              <td title={formatDateTime(entry.start)}>{formatTime(entry.start)}</td>
              <td>{entry.end === null ? "active" : formatTime(entry.end)}</td>
              <td className="helios-num">{alertDurationText(durationOf(entry))}</td>
              <td className="helios-num">{alertValueText(entry.value, entry.unit, units)}</td>
              {active && <NowValue entry={entry} units={units} />}
              <td className="helios-num">{alertValueText(entry.peak, entry.unit, units)}</td>
              <td className="helios-alert-message" data-testid="alert-message">
                {messageOf(entry)}
                {entry.bits && <span className="helios-alert-bits"> ({entry.bits})</span>}
                <div className="helios-alert-rule">rule {entry.ruleId}</div>
              </td>
              <td className="helios-alert-actions" onClick={(event) => event.stopPropagation()}>
                {entry.acknowledged ? (
                  <Tag minimal icon="tick">
                    acknowledged
                  </Tag>
                ) : (
                  <Button
                    size="small"
                    icon="tick"
                    text="Acknowledge"
                    data-testid="alert-acknowledge"
                    onClick={() => onAcknowledge(entry)}
                  />
                )}
                <Button
                  size="small"
                  variant="minimal"
                  icon="volume-off"
                  text={mutedRules[entry.ruleId] ? "Muted" : `Mute ${muteMinutes} min`}
                  disabled={mutedRules[entry.ruleId] !== undefined}
                  data-testid="alert-mute"
                  onClick={() => onMute(entry)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
