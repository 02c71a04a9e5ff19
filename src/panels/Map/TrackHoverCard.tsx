// What the trail shows under the mouse: the moment, the colour field and the
// main fields (speed, pack power, voltage, current, MPPT power) in the
// current units, all read from the drawn points (no request per mouse move).
import { formatTimeNamed } from "../../ui/format/dateTime";
import { formatNumber, unitDigits } from "../../ui/format/formatNumber";
import type { HoverInfo } from "./MapLayers";
import type { TrailMeta } from "./trailPoints";

export function hoverRows(hover: HoverInfo, meta: TrailMeta): [string, string][] {
  const row = (label: string, value: number, unit: string): [string, string] => [
    label,
    Number.isFinite(value)
      ? `${formatNumber(value, unitDigits(unit) ?? 2)}${unit ? ` ${unit}` : ""}`
      : "—",
  ];
  const rows = [row(meta.label, hover.value, meta.unit)];
  meta.details.forEach((d, k) => {
    if (d.label !== meta.label) rows.push(row(d.label, hover.details[k] ?? NaN, d.unit));
  });
  return rows;
}

export function TrackHoverCard({ hover, meta }: { hover: HoverInfo; meta: TrailMeta }) {
  return (
    <div
      className="helios-map-hover"
      data-testid="map-hover"
      style={{ left: hover.x + 14, top: hover.y + 14 }}
    >
      <div className="helios-map-hover-time">{formatTimeNamed(hover.time)}</div>
      <table>
        <tbody>
          {hoverRows(hover, meta).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="helios-map-hover-hint">Click: show on the plots · Shift+click: note it</div>
    </div>
  );
}
