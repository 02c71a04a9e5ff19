// The last minute of a channel as a small line (sparkline.ts draws the path,
// broken at gaps), with its value range for scale.
import type { ChannelCheck } from "../../../workers/contract/math";
import { formatNumber } from "../../ui/format/formatNumber";
import { sparklinePath } from "./sparkline";

const BOX = { width: 240, height: 36 };

export function Sparkline({ recent, unit }: { recent: ChannelCheck["recent"]; unit: string }) {
  const path = sparklinePath(recent.times, recent.values, BOX);
  const shown = recent.values.filter((v): v is number => v !== null && Number.isFinite(v));
  return (
    <span className="helios-math-sparkline" data-testid="math-sparkline">
      <svg
        width={BOX.width}
        height={BOX.height}
        viewBox={`-1 -2 ${BOX.width + 2} ${BOX.height + 4}`}
        role="img"
        aria-label={path ? "The last minute" : "No values in the last minute"}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} />
      </svg>
      {shown.length > 0 && (
        <span className="helios-muted helios-math-range">
          {formatNumber(Math.min(...shown))} … {formatNumber(Math.max(...shown))} {unit}
        </span>
      )}
    </span>
  );
}
