// Math channels in words: the gaps of a channel's last minute (the editor)
// and a recompute's progress (the status bar and the editor).
import type { ChannelCheck, MathSummary } from "../../../workers/contract/math";

/** "12 of 600 rows are gaps: division by zero; log of a number ≤ 0", or null when there are none. */
export function gapText(gaps: ChannelCheck["gaps"]): string | null {
  if (gaps.count === 0) return null;
  const rows = `${gaps.count} of ${gaps.rows} ${gaps.rows === 1 ? "row is a gap" : "rows are gaps"}`;
  return gaps.reasons.length > 0 ? `${rows}: ${gaps.reasons.join("; ")}` : rows;
}

/** The recompute's progress as the status bar and the editor say it, or null when none runs. */
export function recomputeText(recompute: MathSummary["recompute"]): string | null {
  if (!recompute) return null;
  const percent = recompute.total > 0 ? Math.floor((100 * recompute.done) / recompute.total) : 0;
  return `Computing math channels… ${Math.min(100, Math.max(0, percent))} %`;
}
