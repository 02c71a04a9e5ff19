// The colour ramp of the trail with its range in the current units.
import type { TrackResult } from "../../../workers/contract";
import { RAMP } from "./colorScale";

const fmt = (value: number | null) => (value === null ? "—" : value.toFixed(1));

export function TrackLegend({ track }: { track: TrackResult | null }) {
  if (!track) return null;
  const unit = track.unit ? ` ${track.unit}` : "";
  return (
    <div className="helios-map-legend" data-testid="map-legend">
      <div className="helios-map-legend-title">{track.label}</div>
      <div
        className="helios-map-legend-ramp"
        style={{ background: `linear-gradient(to right, ${RAMP.join(", ")})` }}
      />
      <div className="helios-map-legend-range">
        <span data-testid="map-legend-min">
          {fmt(track.min)}
          {unit}
        </span>
        <span data-testid="map-legend-max">
          {fmt(track.max)}
          {unit}
        </span>
      </div>
      <div className="helios-map-legend-points" data-testid="map-points">
        {track.time.length.toLocaleString("en-US")} of {track.sourcePoints.toLocaleString("en-US")}{" "}
        points drawn
      </div>
    </div>
  );
}
