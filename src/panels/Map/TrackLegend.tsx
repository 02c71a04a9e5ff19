// The colour ramp of the trail with its range in the current units. It
// renders when the field, unit or range changes; the count of drawn points
// changes with every update and is written into its span by the TrackLayer.
import type { Ref } from "react";
import { formatNumber, unitDigits } from "../../ui/format/formatNumber";
import { RAMP } from "./colorScale";
import type { TrailMeta } from "./trailPoints";

// Coordinates keep their 6 decimals (a 1-decimal latitude range reads "37.0 – 37.0").
const fmt = (value: number, unit: string) => formatNumber(value, unitDigits(unit) ?? 1);

// One formatter for every update (toLocaleString would set one up per call).
const COUNT = new Intl.NumberFormat("en-US");

export function pointsText(drawn: number, source: number): string {
  return `${COUNT.format(drawn)} of ${COUNT.format(source)} points drawn`;
}

export function TrackLegend({
  meta,
  pointsRef,
}: {
  meta: TrailMeta | null;
  pointsRef: Ref<HTMLDivElement>;
}) {
  const unit = meta?.unit ? ` ${meta.unit}` : "";
  return (
    <div className="helios-map-legend" data-testid="map-legend" hidden={!meta}>
      <div className="helios-map-legend-title">{meta?.label}</div>
      <div
        className="helios-map-legend-ramp"
        style={{ background: `linear-gradient(to right, ${RAMP.join(", ")})` }}
      />
      <div className="helios-map-legend-range">
        {/* The range leaves the extremes out (colourRange.ts): they take the end colours. */}
        <span data-testid="map-legend-min">
          {meta?.min == null ? "—" : `≤ ${fmt(meta.min, meta.unit)}`}
          {unit}
        </span>
        <span data-testid="map-legend-max">
          {meta?.max == null ? "—" : `≥ ${fmt(meta.max, meta.unit)}`}
          {unit}
        </span>
      </div>
      <div className="helios-map-legend-points" data-testid="map-points" ref={pointsRef} />
    </div>
  );
}
