// The time axis's ticks and labels, which the render worker draws with the
// series lines (so a live picture, axis included, shifts as one and uPlot
// need not redraw as time passes). Ticks fall on round times in the zone the
// user reads times in (the axis look carries it: the render worker is told
// it with each plot, as it has no setting of its own), at least
// MIN_TICK_SPACING CSS pixels apart; labels show seconds only while ticks
// are under a minute apart. Shared by the UI (a plot it draws) and the render
// worker (a live plot it refreshes on its own), so it uses no DOM and no uPlot.
import type { TimeAxisPicture, ValueRange } from "../../contract/renderProtocol";
import {
  clockOf,
  hoursMinutes,
  monthDay,
  wallClockAt,
  zoneOffsetSeconds,
  type ShownZone,
} from "../dateTime";

/** The fewest CSS pixels between two ticks (room for an "HH:MM:SS" label). */
export const MIN_TICK_SPACING = 70;

/** Tick increments (s): round seconds, minutes, hours, days. */
const INCREMENTS = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900,
  1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800,
];

/** Label of a tick `increment` seconds from the next, in `zone` (the app's one style, dateTime.ts). */
export function timeLabel(t: number, increment: number, zone: ShownZone = null): string {
  const c = wallClockAt(t, zone);
  if (!c) return "";
  if (increment >= 86400) return `${monthDay(c)} ${hoursMinutes(c)}`;
  if (increment >= 60) return hoursMinutes(c);
  const hms = clockOf(c);
  return increment < 1 ? `${hms}.${String(c.ms).padStart(3, "0")}` : hms;
}

interface TimeTicks {
  increment: number;
  ticks: number[];
  labels: string[];
}

/**
 * Ticks over `range` on a plotting area `widthCss` wide, one increment past
 * each end (a label half in view slides in and out instead of popping).
 * `offsetSeconds`: the zone's offset from UTC, so ticks of an hour or more
 * fall on its round hours; labels are written in `zone`.
 */
export function timeTicks(
  range: ValueRange,
  widthCss: number,
  offsetSeconds: number,
  zone: ShownZone = null,
): TimeTicks {
  const span = range.max - range.min;
  if (!(span > 0) || !(widthCss > 0)) return { increment: 0, ticks: [], labels: [] };
  const wanted = (span / widthCss) * MIN_TICK_SPACING;
  const increment = INCREMENTS.find((inc) => inc >= wanted) ?? Math.ceil(wanted / 604800) * 604800;
  const first = Math.floor((range.min + offsetSeconds) / increment) * increment - offsetSeconds;
  const ticks: number[] = [];
  const labels: string[] = [];
  for (let k = 0; ; k++) {
    // From a multiple, not by adding: no drift, and the same tick has the same value every frame.
    const t = first + k * increment;
    if (t > range.max + increment) break;
    ticks.push(t);
    labels.push(timeLabel(t, increment, zone));
  }
  return { increment, ticks, labels };
}

/** The axis look the render worker needs, besides the ticks. */
export type TimeAxisLook = Omit<TimeAxisPicture, keyof TimeTicks>;

/**
 * The time axis of a picture `widthDevice` device pixels wide over `range`:
 * the look (given in CSS pixels) scaled to device pixels, and its ticks.
 */
export function timeAxisPicture(
  look: TimeAxisLook,
  range: ValueRange,
  widthDevice: number,
  dpr: number,
): TimeAxisPicture {
  return {
    ...look,
    ...timeTicks(
      range,
      widthDevice / dpr,
      zoneOffsetSeconds(range.max, look.timeZone),
      look.timeZone,
    ),
    height: Math.round(look.height * dpr),
    tickLength: Math.round(look.tickLength * dpr),
    font: look.font.replace(/^(\d+)px/, (_, px: string) => `${Number(px) * dpr}px`),
  };
}
