// A state timeline's picture: one row per flag or code, a band per run of a
// state (stateRows.ts). A flag shows only while set, coloured by its tone; a
// code shows every value in a colour of its own, named where the band has
// room. A run shorter than a pixel still gets one, so a fault one packet long
// shows at any zoom.
import type { SeriesPicture, TimelineLook } from "../contract/renderProtocol";
import { forEachRun, stateName } from "../shared/plots/stateRows";
import type { PaintContext } from "./paintContext";

/** Space kept between rows (device pixels at 1×), and before a band's name. */
const ROW_GAP = 2;
const TEXT_PAD = 3;

/** Paints the rows right of pixel `left` (clipped to it); the caller has cleared the strip. */
export function paintTimeline(
  ctx: PaintContext,
  picture: SeriesPicture,
  look: TimelineLook,
  left: number,
): void {
  const { width, height, x, lineWidth } = picture;
  const xs = picture.data[0]!;
  const rows = look.rows;
  if (rows.length === 0) return;
  const rowHeight = height / rows.length;
  const scale = width / (x.max - x.min);
  const gap = Math.min(ROW_GAP * lineWidth, rowHeight / 4);
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, 0, width - left, height);
  ctx.clip();
  ctx.strokeStyle = look.grid;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  for (let r = 1; r < rows.length; r++) {
    const y = Math.round(r * rowHeight) + 0.5;
    ctx.moveTo(left, y);
    ctx.lineTo(width, y);
  }
  ctx.stroke();
  ctx.font = look.font;
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const ys = picture.data[row.column];
    if (!ys) continue;
    const top = Math.round(r * rowHeight + gap);
    const bandHeight = Math.max(1, Math.round((r + 1) * rowHeight - gap) - top);
    const paintRun = (from: number, to: number, state: number, marksOnly: boolean) => {
      if (row.kind === "flag" && state !== 1) return;
      const a = Math.floor((from - x.min) * scale);
      const b = Math.ceil((to - x.min) * scale);
      if (b < left || a > width) return;
      // Marks pass: only the runs narrower than a pixel.
      if (marksOnly && (to - from) * scale >= 1) return;
      const bandWidth = Math.max(1, b - a);
      const fill =
        row.kind === "flag" ? look.tones[row.tone] : look.codeFills[codeSlot(state, look)]!;
      ctx.fillStyle = fill;
      ctx.fillRect(a, top, bandWidth, bandHeight);
      if (row.kind === "code" && !marksOnly)
        nameBand(ctx, look, stateName(row, state), a, bandWidth, top, bandHeight);
    };
    forEachRun(xs, ys, row, (from, to, state) => paintRun(from, to, state, false));
    // A code's next run starts in the pixel a short one ends in and would
    // paint over it: the runs narrower than a pixel go again, on top. (A
    // flag's clear runs are not painted, so its marks are never covered.)
    if (row.kind === "code")
      forEachRun(xs, ys, row, (from, to, state) => paintRun(from, to, state, true));
  }
  ctx.restore();
}

/** Which of the code fills a code takes (negative and fractional codes too). */
function codeSlot(state: number, look: TimelineLook): number {
  const n = look.codeFills.length;
  return ((Math.round(state) % n) + n) % n;
}

/** Writes a code's name in its band when it fits whole, from the band's visible left edge. */
function nameBand(
  ctx: PaintContext,
  look: TimelineLook,
  name: string,
  a: number,
  bandWidth: number,
  top: number,
  bandHeight: number,
): void {
  const start = Math.max(a, 0) + TEXT_PAD;
  const room = a + bandWidth - start - TEXT_PAD;
  if (room <= 0 || ctx.measureText(name).width > room) return;
  ctx.fillStyle = look.text;
  ctx.fillText(name, start, top + bandHeight / 2);
}
