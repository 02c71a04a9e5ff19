// Laps of the trail lie over each other: the colour that shows where they do
// is the newest lap's, as a strategist watching the car reads the map, not
// whichever colour happens to be stroked last.
import { describe, expect, it } from "vitest";
import { STRETCH, strokeSegments, type StrokeContext } from "../../src/panels/Map/trailStrokes";

const COLOURS = ["blue", "green", "red"] as const;

/** A context that records, per stroke, its colour and the segments in its path. */
function recorder() {
  const strokes: { colour: string; segments: string[] }[] = [];
  let path: string[] = [];
  let at = "";
  const ctx: StrokeContext = {
    strokeStyle: "",
    beginPath: () => void (path = []),
    moveTo: (x: number, y: number) => void (at = `${x},${y}`),
    lineTo: (x: number, y: number) => {
      path.push(`${at}-${x},${y}`);
      at = `${x},${y}`;
    },
    stroke() {
      strokes.push({ colour: String(this.strokeStyle), segments: path });
    },
  };
  return { ctx, strokes };
}

/** Laps round the same square, one point per corner; each lap in one colour bin. */
function laps(binsByLap: readonly number[], pointsPerLap: number) {
  const corners = [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
  ] as const;
  const n = binsByLap.length * pointsPerLap;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const bins = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const [cx, cy] = corners[i % 4]!;
    x[i] = cx;
    y[i] = cy;
    bins[i] = binsByLap[Math.floor(i / pointsPerLap)]!;
  }
  return { x, y, bins, n };
}

/** The colour of the last stroke that draws the segment. */
const shownColour = (strokes: { colour: string; segments: string[] }[], segment: string) =>
  strokes.filter((s) => s.segments.includes(segment)).at(-1)?.colour;

describe("where laps of the trail lie over each other", () => {
  it("the newest lap's colour is on top, a slow lap after a fast one", () => {
    const trail = laps([2, 0], 2 * STRETCH); // a fast (red) lap, then a slow (blue) one
    const { ctx, strokes } = recorder();
    strokeSegments(ctx, trail, 1, trail.n, COLOURS, 0, 0);
    expect(shownColour(strokes, "0,0-10,0")).toBe("blue");
  });

  it("and a fast lap after a slow one", () => {
    const trail = laps([0, 2], 2 * STRETCH);
    const { ctx, strokes } = recorder();
    strokeSegments(ctx, trail, 1, trail.n, COLOURS, 0, 0);
    expect(shownColour(strokes, "0,0-10,0")).toBe("red");
  });

  it("draws every segment once, joined into one path per colour within a stretch", () => {
    const trail = laps([0, 1, 2], 40);
    const { ctx, strokes } = recorder();
    strokeSegments(ctx, trail, 1, trail.n, COLOURS, 0, 0);
    expect(strokes.reduce((sum, s) => sum + s.segments.length, 0)).toBe(trail.n - 1);
    expect(strokes.length).toBeLessThanOrEqual(COLOURS.length * Math.ceil(trail.n / STRETCH));
  });

  it("skips a gap in the fixes (NaN) rather than drawing across it", () => {
    const trail = laps([0], 8);
    trail.x[4] = NaN;
    const { ctx, strokes } = recorder();
    strokeSegments(ctx, trail, 1, trail.n, COLOURS, 0, 0);
    expect(strokes.flatMap((s) => s.segments)).toHaveLength(trail.n - 1 - 2);
  });
});
