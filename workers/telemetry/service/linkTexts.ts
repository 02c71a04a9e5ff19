// What the core tells every window about its backend link, in words (issue
// 58, item 12): kept here so tests and the UI read the same text.
import { formatTime } from "../../shared/dateTime";

/** The poll reader stopped answering (its beats went unanswered). */
export const POLL_READER_STOPPED_TEXT =
  "The poll reader stopped answering: a new one starts and the link to the backend is dialled again. What the backend sends meanwhile is not received.";

/** Packets come again after the poll reader stopped: what was not received, by packet time. */
export function linkGapText(from: number, to: number): string {
  const seconds = Math.max(0, to - from).toFixed(1);
  return `The link to the backend is back: nothing was received from ${formatTime(from)} to ${formatTime(to)} (${seconds} s).`;
}
