// The channels in force: name, label, unit, expression and the value now
// (asked of the worker once a second, as the editor asks), each with edit,
// duplicate and delete.
import { Button, ButtonGroup, HTMLTable } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import type { MathChannelDef } from "../../../workers/contract/math";
import { formatNumber } from "../../ui/format/formatNumber";
import { useTelemetry } from "../../worker-client/hooks";

const REFRESH_MS = 1000;

interface ChannelListProps {
  channels: readonly MathChannelDef[];
  onEdit: (index: number) => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
}

/** Each channel's value now and whether the worker finds a problem with it (a starter channel a later build broke). */
function useChannelValues(channels: readonly MathChannelDef[]) {
  const { client } = useTelemetry();
  const [values, setValues] = useState<Map<string, { value: number | null; ok: boolean }>>(
    new Map(),
  );
  useEffect(() => {
    let live = true;
    const ask = () =>
      void Promise.all(
        channels.map((channel) => client.api.checkMathChannel(channel, channel.name)),
      ).then(
        (checks) => {
          if (!live) return;
          setValues(
            new Map(
              checks.map((check, i) => [channels[i]!.name, { value: check.value, ok: check.ok }]),
            ),
          );
        },
        () => undefined,
      );
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, channels]);
  return values;
}

export function ChannelList({ channels, onEdit, onDuplicate, onDelete }: ChannelListProps) {
  const values = useChannelValues(channels);
  if (channels.length === 0)
    return (
      <p className="helios-muted" data-testid="math-list-empty">
        No math channels. Add one to plot, map, export or watch a value the car does not send.
      </p>
    );
  return (
    <HTMLTable compact striped className="helios-math-list" data-testid="math-list">
      <thead>
        <tr>
          <th>Channel</th>
          <th>Expression</th>
          <th className="helios-math-now">Now</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {channels.map((channel, index) => {
          const now = values.get(channel.name);
          return (
            <tr key={channel.name} data-channel={channel.name}>
              <td>
                <strong>{channel.label ?? channel.name}</strong>
                {channel.unit && <span className="helios-muted"> ({channel.unit})</span>}
                <div className="helios-muted helios-math-mono">{channel.name}</div>
              </td>
              <td className="helios-math-mono helios-math-expression" title={channel.description}>
                {channel.expression}
              </td>
              <td className="helios-math-now" data-testid="math-now">
                {now && !now.ok ? (
                  <span className="helios-math-bad">problem</span>
                ) : (
                  `${formatNumber(now?.value)} ${now?.value == null ? "" : channel.unit}`
                )}
              </td>
              <td>
                <ButtonGroup variant="minimal" size="small">
                  <Button
                    icon="edit"
                    aria-label={`Edit ${channel.label ?? channel.name}`}
                    data-testid="math-edit"
                    onClick={() => onEdit(index)}
                  />
                  <Button
                    icon="duplicate"
                    aria-label={`Duplicate ${channel.label ?? channel.name}`}
                    data-testid="math-duplicate"
                    onClick={() => onDuplicate(index)}
                  />
                  <Button
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete ${channel.label ?? channel.name}`}
                    data-testid="math-list-delete"
                    onClick={() => onDelete(index)}
                  />
                </ButtonGroup>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
