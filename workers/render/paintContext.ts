// What the plot painters draw on: a 2D context's part they use (an
// OffscreenCanvas's in the render worker, a recorder in the tests).
export type PaintContext = Pick<
  OffscreenCanvasRenderingContext2D,
  | "save"
  | "restore"
  | "translate"
  | "beginPath"
  | "rect"
  | "clip"
  | "moveTo"
  | "lineTo"
  | "stroke"
  | "clearRect"
  | "lineWidth"
  | "lineJoin"
  | "strokeStyle"
  | "fillText"
  | "fillRect"
  | "measureText"
  | "font"
  | "fillStyle"
  | "textAlign"
  | "textBaseline"
>;
