// A state timeline's chart: the plot's uPlot options (cursor, zoom, pan and
// sync as every plot has), with one fixed y scale of rows whose axis names
// them, and no legend: the row under the pointer is told in a tooltip
// (timelineHover.ts). The render worker paints the bands (timelinePaint.ts).
import type uPlot from "uplot";
import type { StateRow, TimelineLook } from "../../../workers/contract/renderProtocol";
import { CHROME, seriesColor, type PlotTheme } from "../../ui/plotPalette";
import { FONT, TIME_AXIS_SIZE } from "./plotOptions";

/** A row's height (CSS px): room for a band and a label. */
export const TIMELINE_ROW_PX = 18;
/** The rows' axis: wide enough for most labels; a longer one is cut with "…". */
const ROW_AXIS_MAX_PX = 190;
const ROW_LABEL_CHARS = 30;
const ROWS_SCALE = "rows";

/** A timeline of a few rows is still this tall (CSS px): its rows grow to fill it. */
const MIN_ROWS_PX = 96;

/** The chart's height (CSS px) for `rows` rows: the rows, the time axis, a margin. */
export function timelineHeight(rows: number): number {
  return Math.max(MIN_ROWS_PX, rows * TIMELINE_ROW_PX) + TIME_AXIS_SIZE + 8;
}

/**
 * The plot's options turned into a timeline's: every series on the rows
 * scale (fixed: nothing to re-fit live), one y axis naming the rows top
 * first, and no legend.
 */
export function asTimeline(
  options: Omit<uPlot.Options, "width" | "height">,
  rows: readonly StateRow[],
  theme: PlotTheme,
): Omit<uPlot.Options, "width" | "height"> {
  const n = rows.length;
  const labels = rows.map((row) => shorten(row.label));
  const [timeAxis] = options.axes ?? [];
  const labelsWidth = 12 + 6 * Math.max(4, ...labels.map((l) => l.length));
  const rowAxis: uPlot.Axis = {
    scale: ROWS_SCALE,
    side: 3,
    stroke: CHROME[theme].axis,
    font: FONT,
    // Wide enough for the labels, but never more than 45 % of a narrow (phone) plot.
    size: (u) => Math.min(labelsWidth, ROW_AXIS_MAX_PX, Math.round(u.width * 0.45)),
    gap: 4,
    grid: { show: false },
    ticks: { show: false },
    // One split per row, at its middle: row r (top first) spans [n - r - 1, n - r].
    splits: () => rows.map((_, r) => n - r - 0.5),
    values: (_u, splits) => splits.map((split) => labels[Math.round(n - 0.5 - split)] ?? ""),
  };
  return {
    ...options,
    // uPlot's cursor points would sit on the rows scale's 0 and 1, not on a row.
    cursor: { ...options.cursor, points: { show: false } },
    legend: { show: false },
    scales: { x: { time: true }, [ROWS_SCALE]: { range: [0, Math.max(1, n)] } },
    series: (options.series ?? []).map((series, i) =>
      i === 0 ? series : { ...series, scale: ROWS_SCALE },
    ),
    axes: timeAxis ? [timeAxis, rowAxis] : [rowAxis],
  };
}

function shorten(label: string): string {
  return label.length <= ROW_LABEL_CHARS ? label : `${label.slice(0, ROW_LABEL_CHARS - 1)}…`;
}

/**
 * Codes' fills: the series colours a third of the way from the card's
 * background, so codes are told apart and their names stay readable. Opaque,
 * so a one-packet code's mark painted over its neighbour keeps its colour.
 */
const CODE_STRENGTH = 1 / 3;
/** The plot card's background (Blueprint's card: white; its dark card about this grey). */
const CARD: Record<PlotTheme, string> = { light: "#FFFFFF", dark: "#2F343C" };

/** `hex` mixed into `background` by `amount` (0: the background, 1: the colour), as #rrggbb. */
export function tint(hex: string, background: string, amount: number): string {
  const channel = (color: string, i: number) => parseInt(color.slice(1 + 2 * i, 3 + 2 * i), 16);
  const mixed = [0, 1, 2].map((i) =>
    Math.round(channel(hex, i) * amount + channel(background, i) * (1 - amount)),
  );
  return `#${mixed.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** The rows and their colours as the render worker paints them. */
export function timelineLook(rows: StateRow[], theme: PlotTheme, font: string): TimelineLook {
  const chrome = CHROME[theme];
  const dark = theme === "dark";
  const tones = {
    fault: dark ? "#E76A6E" : "#CD4246",
    warning: dark ? "#EC9A3C" : "#C87619",
    news: dark ? "#4C90F0" : "#2D72D2",
    limit: dark ? "#8F99A8" : "#738091",
    plain: dark ? "#8F99A8" : "#738091",
  };
  const codeFills = Array.from({ length: 8 }, (_, i) =>
    tint(seriesColor(theme, i), CARD[theme], CODE_STRENGTH),
  );
  const text = dark ? "#F6F7F9" : "#1C2127";
  const key = JSON.stringify([rows, tones, codeFills, font, text, chrome.grid]);
  return { rows, tones, codeFills, font, text, grid: chrome.grid, key };
}
