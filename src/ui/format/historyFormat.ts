// Settings → History: what the live history holds, in words (issue 33). The
// worker measures (rows, span, bytes, rate); this only words it, so it is
// unit tested apart from the dialog.
import type { HistoryReach } from "../../../workers/contract/connection";
import { CAR_RATE_HZ } from "../../../workers/shared/carRate";
import { formatTime, formatTimeNamed } from "./dateTime";
import { formatCount } from "./formatNumber";
import { formatDuration } from "./sessionFormat";

/** Below this many hours at the current rate, the settings warn that the day does not fit. */
const WARN_BELOW_HOURS = 9;

interface HistoryTexts {
  /** "Holds 9.6 h at 10 packets/s (345,600 packets), 272 MB in memory." */
  holds: string;
  /** "Now: 3 h 12 min, from 08:00 to 11:12." */
  now: string;
  /** Only when the current rate would fill the history in under WARN_BELOW_HOURS. */
  rateWarning: string | null;
}

/** Hours, minutes or seconds, whichever reads best: "9.6 h", "2.9 min", "45 s". */
export function formatSpan(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${oneDecimal(seconds / 60)} min`;
  return `${oneDecimal(seconds / 3600)} h`;
}

function oneDecimal(value: number): string {
  return value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
}

export function historyTexts(reach: HistoryReach, recording: boolean): HistoryTexts {
  const megabytes = Math.round(reach.bytes / 1e6);
  const holds =
    `Holds ${formatSpan(reach.capacity / CAR_RATE_HZ)} at ` +
    `${CAR_RATE_HZ} packets/s (${formatCount(reach.capacity)} packets), ` +
    `${formatCount(megabytes)} MB in memory.`;
  const now =
    reach.length === 0 || reach.from === null || reach.to === null
      ? "Now: no packets yet."
      : `Now: ${formatDuration(reach.to - reach.from)}, from ${formatTime(reach.from).slice(0, 5)} ` +
        `to ${formatTimeNamed(reach.to, false)} (${formatCount(reach.length)} packets).`;
  const rate = reach.packetRate;
  const fullAfter = rate > 0 ? reach.capacity / rate : Infinity;
  const rateWarning =
    fullAfter < WARN_BELOW_HOURS * 3600
      ? `At ${formatCount(Math.round(rate))} packets/s it holds ${formatSpan(fullAfter)}: ` +
        `older packets are dropped from the live view ` +
        (recording ? "(the recording keeps them)." : "(recording is off: they are lost).")
      : null;
  return { holds, now, rateWarning };
}
