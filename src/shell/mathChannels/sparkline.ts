// The last minute of a channel as a small line: an SVG path over the box,
// with a break wherever the channel has a gap (a null value), so a gap never
// reads as a straight line between its neighbours. Pure, so it is unit tested.

interface SparklineBox {
  width: number;
  height: number;
}

/**
 * The path ("M x y L x y … M …"): x from the first to the last time, y from
 * the lowest value (bottom) to the highest (top). A lone value between gaps is
 * a dot-sized stroke so it still shows. "" when there is no value at all.
 */
export function sparklinePath(
  times: readonly number[],
  values: readonly (number | null)[],
  box: SparklineBox,
): string {
  const n = Math.min(times.length, values.length);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (lo > hi) return "";
  const t0 = times[0]!;
  const span = times[n - 1]! - t0;
  const x = (t: number) => (span > 0 ? ((t - t0) / span) * box.width : box.width / 2);
  // A flat line sits in the middle rather than on the bottom edge.
  const y = (v: number) =>
    hi > lo ? box.height - ((v - lo) / (hi - lo)) * box.height : box.height / 2;
  const round = (n: number) => Math.round(n * 10) / 10;
  const parts: string[] = [];
  let run = 0; // points in the current unbroken run
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) {
      if (run === 1) parts.push("h0.1"); // a lone point: a visible dot
      run = 0;
      continue;
    }
    parts.push(`${run === 0 ? "M" : "L"}${round(x(times[i]!))} ${round(y(v))}`);
    run++;
  }
  if (run === 1) parts.push("h0.1");
  return parts.join(" ");
}
