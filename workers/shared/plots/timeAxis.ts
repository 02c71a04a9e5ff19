// The time axis's ticks and labels, which the render worker draws with the
// series lines (so a live picture, axis included, shifts as one and uPlot
// need not redraw as time passes). Ticks fall on round local times, at least
// MIN_TICK_SPACING CSS pixels apart; labels show seconds only while ticks
// are under a minute apart. Shared by the UI (a plot it draws) and the render
// worker (a live plot it refreshes on its own), so it uses no DOM and no uPlot.
import type { TimeAxisPicture, ValueRange } from "../../contract/renderProtocol";
import { clockOf, hoursMinutes, monthDay } from "../dateTime";

/** The fewest CSS pixels between two ticks (room for an "HH:MM:SS" label). */
export const MIN_TICK_SPACING = 70;

/** Tick increments (s): round seconds, minutes, hours, days. */
const INCREMENTS = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900,
  1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800,
];

/** Label of a tick `increment` seconds from the next, in local time (the app's one style, dateTime.ts). */
export function timeLabel(t: number, increment: number): string {
  const date = new Date(t * 1000);
  if (increment >= 86400) return `${monthDay(date)} ${hoursMinutes(date)}`;
  if (increment >= 60) return hoursMinutes(date);
  const hms = clockOf(date);
  return increment < 1 ? `${hms}.${String(date.getMilliseconds()).padStart(3, "0")}` : hms;
}

interface TimeTicks {
  increment: number;
  ticks: number[];
  labels: string[];
}

/**
 * Ticks over `range` on a plotting area `widthCss` wide, one increment past
 * each end (a label half in view slides in and out instead of popping).
 * `offsetSeconds`: the local time's offset from UTC, so ticks of an hour or
 * more fall on local round hours.
 */
export function timeTicks(range: ValueRange, widthCss: number, offsetSeconds: number): TimeTicks {
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
    labels.push(timeLabel(t, increment));
  }
  return { increment, ticks, labels };
}

/** The axis look the render worker needs, besides the ticks. */
export type TimeAxisLook = Omit<TimeAxisPicture, keyof TimeTicks>;

/** The local time's offset from UTC at `t` (epoch s), in seconds. */
function timezoneOffsetSeconds(t: number): number {
  return -new Date(t * 1000).getTimezoneOffset() * 60;
}

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
    ...timeTicks(range, widthDevice / dpr, timezoneOffsetSeconds(range.max)),
    height: Math.round(look.height * dpr),
    tickLength: Math.round(look.tickLength * dpr),
    font: look.font.replace(/^(\d+)px/, (_, px: string) => `${Number(px) * dpr}px`),
  };
}
