// How the trail's segments are stroked. Laps lie over each other, so the
// order decides which lap's colour shows: the trail is stroked in time order,
// the newest segments last (on top), as a live strategist reads the map. One
// path per colour keeps the draw cheap; so that order holds, the paths are
// made per stretch of STRETCH points, older stretches first. A stretch is a
// fraction of a lap (a lap of the demo track keeps about 120 points), so no
// stretch lies over itself.

/** Points per stretch: at most 12,000 / 128 × 10 colours ≈ 940 strokes per whole redraw. */
export const STRETCH = 128;

/** The part of a 2D context the trail uses (a test records it). */
export type StrokeContext = Pick<
  CanvasRenderingContext2D,
  "beginPath" | "moveTo" | "lineTo" | "stroke" | "strokeStyle"
>;

/**
 * Segment i joins point i-1 to point i, in point i's colour (`colours[bins[i]]`),
 * for i in [from, to); (ox, oy) is subtracted from the points' pixels.
 */
export function strokeSegments(
  ctx: StrokeContext,
  points: { x: ArrayLike<number>; y: ArrayLike<number>; bins: ArrayLike<number> },
  from: number,
  to: number,
  colours: readonly string[],
  ox: number,
  oy: number,
): void {
  const { x, y, bins } = points;
  for (let start = from; start < to; start += STRETCH) {
    const end = Math.min(to, start + STRETCH);
    for (let b = 0; b < colours.length; b++) {
      let open = -2; // the last point the current sub-path ends at
      let any = false;
      for (let i = start; i < end; i++) {
        if (bins[i] !== b) continue;
        const x0 = x[i - 1]!;
        const x1 = x[i]!;
        if (Number.isNaN(x0) || Number.isNaN(x1)) continue;
        if (!any) {
          ctx.beginPath();
          any = true;
        }
        if (open !== i - 1) ctx.moveTo(x0 - ox, y[i - 1]! - oy);
        ctx.lineTo(x1 - ox, y[i]! - oy);
        open = i;
      }
      if (!any) continue;
      ctx.strokeStyle = colours[b]!;
      ctx.stroke();
    }
  }
}
