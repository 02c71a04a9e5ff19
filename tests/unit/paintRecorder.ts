// A 2D context that records its calls, and a small series picture, for the
// render worker's painting tests (SeriesCanvas, PlotSurface).
import type { SeriesPicture } from "../../workers/contract/renderProtocol";
import type { PaintContext } from "../../workers/render/SeriesCanvas";

export type Call = [string, ...unknown[]];

export function recorder(): { ctx: PaintContext; calls: Call[] } {
  const calls: Call[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const ctx = {
    save: record("save"),
    translate: record("translate"),
    restore: record("restore"),
    beginPath: record("beginPath"),
    rect: record("rect"),
    clip: record("clip"),
    moveTo: record("moveTo"),
    lineTo: record("lineTo"),
    stroke: record("stroke"),
    clearRect: record("clearRect"),
    fillText: record("fillText"),
    fillRect(this: { fillStyle: string }, ...args: unknown[]) {
      calls.push(["fillRect", ...args, this.fillStyle]);
    },
    // 6 px a character in the axis font, 100 in a huge one.
    measureText(this: { font: string }, text: string) {
      calls.push(["measureText", text]);
      return { width: text.length * (this.font.startsWith("200px") ? 100 : 6) };
    },
    font: "",
    fillStyle: "",
    textAlign: "start",
    textBaseline: "alphabetic",
    lineWidth: 1,
    lineJoin: "miter",
    strokeStyle: "",
  } as unknown as PaintContext;
  return { ctx, calls };
}

/** 100 px over 10 s: a point a second, one series from 0 to 9 on a 0..10 axis. */
export function picture(xMin: number, yMax = 10): SeriesPicture {
  const xs = Float64Array.from({ length: 10 }, (_, i) => xMin + i + 0.5);
  return {
    data: [xs, Float64Array.from(xs, (_, i) => i)],
    x: { min: xMin, max: xMin + 10 },
    y: [null, { min: 0, max: yMax }],
    width: 100,
    height: 50,
    lineWidth: 1,
    strokes: ["", "#f00"],
    shown: [true, true],
    stepped: [false, false],
    axis: {
      increment: 5,
      ticks: [0, 5, 10, 15],
      labels: ["0", "5", "10", "15"],
      height: 20,
      tickLength: 4,
      font: "11px sans-serif",
      text: "#555",
      grid: "#eee",
      timeZone: null,
    },
  };
}
