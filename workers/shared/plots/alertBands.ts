// The bands a plot shades behind its lines for the alerts of its fields
// (SeriesResult.alertSpans), coloured by severity. Written once for both
// threads that build pictures: the main thread (a still plot) and the render
// worker (a live one it holds).
import type { AlertSeverity } from "../../contract/alerts";
import type { AlertBand } from "../../contract/renderProtocol";
import type { AlertSpan } from "../../contract/series";

/** Translucent, so the lines and grid stay readable through them; the status colours of the app. */
export const ALERT_BAND_FILL: Readonly<Record<AlertSeverity, string>> = {
  critical: "rgba(205, 66, 70, 0.22)",
  warning: "rgba(200, 118, 25, 0.2)",
  info: "rgba(45, 114, 210, 0.16)",
};

const RANK: Readonly<Record<AlertSeverity, number>> = { info: 0, warning: 1, critical: 2 };

/**
 * The bands of the spans on shown columns, the worst severity painted last
 * (on top); undefined when there are none (the picture stays as it was).
 */
export function alertBands(
  spans: readonly AlertSpan[] | undefined,
  shown: readonly boolean[],
): AlertBand[] | undefined {
  if (!spans || spans.length === 0) return undefined;
  const bands = spans
    .filter((span) => shown[span.column] !== false && ALERT_BAND_FILL[span.severity])
    .sort((a, b) => RANK[a.severity] - RANK[b.severity])
    .map((span) => ({ from: span.start, to: span.end, fill: ALERT_BAND_FILL[span.severity] }));
  return bands.length > 0 ? bands : undefined;
}

/** Equal band lists paint the same (a new or ended alert repaints the plot). */
export function sameBands(a: readonly AlertBand[] = [], b: readonly AlertBand[] = []): boolean {
  return (
    a.length === b.length &&
    a.every(
      (band, i) => band.from === b[i]!.from && band.to === b[i]!.to && band.fill === b[i]!.fill,
    )
  );
}
