// One table of alerts (the active ones, or the log): severity, since when, how
// long, the value then and the worst, and the message in the user's units.
// A row click shows the alert's moment on the plots and the map. An alert
// that came back within minutes is one row with its count of episodes, which
// open beneath it.
import { Button, HTMLTable, Tag } from "@blueprintjs/core";
import { openNote } from "../../state/noteNow";
import { Fragment, useState } from "react";
import type { AlertEntry, AlertSeverity } from "../../../workers/contract/alerts";
import type { AppUnits, FieldPath } from "../../../workers/contract/fields";
import { useField } from "../../worker-client/hooks";
import { alertDurationText, alertValueText, type AlertGroupRow } from "../../ui/format/alertFormat";
import { formatDateTimeNamed, formatTime, zoneShortName } from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";

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
  rows: readonly AlertGroupRow[];
  units: AppUnits;
  messageOf: (entry: AlertEntry) => string;
  testId: string;
  onShow: (entry: AlertEntry) => void;
  /** Acknowledges the alert: every episode of its group. */
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
  rows,
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
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  // Its times are in the zone times are shown in, named once in the header.
  const zone = useShownZone();
  const toggle = (group: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(group)) next.add(group);
      return next;
    });
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
          <th>Since ({zoneShortName(zone)})</th>
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
        {rows.map(({ entry, episodes }) => {
          const flashing =
            entry.severity === "critical" && entry.end === null && !entry.acknowledged;
          const isOpen = episodes.length > 1 && open.has(entry.group);
          return (
            <Fragment key={entry.seq}>
              <tr
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
                <td title={formatDateTimeNamed(entry.start)}>{formatTime(entry.start)}</td>
                <td>{entry.end === null ? "active" : formatTime(entry.end)}</td>
                <td className="helios-num">{alertDurationText(durationOf(entry))}</td>
                <td className="helios-num">{alertValueText(entry.value, entry.unit, units)}</td>
                {active && <NowValue entry={entry} units={units} />}
                <td className="helios-num">{alertValueText(entry.peak, entry.unit, units)}</td>
                <td className="helios-alert-message" data-testid="alert-message">
                  {messageOf(entry)}
                  {entry.bits && <span className="helios-alert-bits"> ({entry.bits})</span>}
                  <div className="helios-alert-rule">
                    rule {entry.ruleId}
                    {episodes.length > 1 && (
                      <Button
                        size="small"
                        variant="minimal"
                        icon={isOpen ? "chevron-up" : "chevron-down"}
                        text={`${episodes.length} episodes`}
                        title="The same rule started again within 5 minutes of ending: one alert"
                        aria-expanded={isOpen}
                        data-testid="alert-episodes"
                        onClick={(event) => {
                          event.stopPropagation();
                          toggle(entry.group);
                        }}
                      />
                    )}
                  </div>
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
                  <Button
                    size="small"
                    variant="minimal"
                    icon="annotation"
                    text="Note"
                    title="Note this alert: its span, its message to begin the text"
                    data-testid="alert-note"
                    onClick={() => openNote(entry.start, entry.end, messageOf(entry))}
                  />
                </td>
              </tr>
              {isOpen &&
                episodes.map((episode) => (
                  <EpisodeRow
                    key={episode.seq}
                    episode={episode}
                    units={units}
                    active={!!active}
                    onShow={onShow}
                  />
                ))}
            </Fragment>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

/** One episode of a grouped alert, under its row: when, how long, the value then and the worst. */
function EpisodeRow({
  episode,
  units,
  active,
  onShow,
}: {
  episode: AlertEntry;
  units: AppUnits;
  active: boolean;
  onShow: (entry: AlertEntry) => void;
}) {
  return (
    <tr
      className="helios-alert-episode"
      data-testid="alert-episode"
      onClick={() => onShow(episode)}
      title="Show this moment on the plots and the map"
    >
      <td />
      <td title={formatDateTimeNamed(episode.start)}>{formatTime(episode.start)}</td>
      <td>{episode.end === null ? "active" : formatTime(episode.end)}</td>
      <td className="helios-num">{alertDurationText(episode.duration)}</td>
      <td className="helios-num">{alertValueText(episode.value, episode.unit, units)}</td>
      {active && <td />}
      <td className="helios-num">{alertValueText(episode.peak, episode.unit, units)}</td>
      <td colSpan={2}>{episode.acknowledged ? "acknowledged" : ""}</td>
    </tr>
  );
}
