// The cross-check of the state of charge: today's first reported state of
// charge less the pack current integrated since, at the capacity in settings.
// Once the charge has moved far enough to tell, the same figures say what
// capacity the pack behaves like; a setting far from it (8 Ah typed for 40)
// makes every forecast wrong, so the user is told which one to look at.
import type { StrategySettings } from "../../contract/strategy";
import type { MinuteWindows } from "./minuteWindows";

/** Points of state of charge moved before the implied capacity is worth a word (the BMS reports whole tenths, and drifts). */
const MIN_MOVED_PCT = 5;
/** How far the implied capacity may be from the setting before it is a warning. */
const TOLERANCE = 0.25;

interface PackCrossCheck {
  /** The state of charge from the integrated current, %; null before today's first state of charge. */
  socPct: number | null;
  /** Set when the pack current and the state of charge imply a capacity far from the setting. */
  warning: string | null;
}

const round = (x: number, digits = 0) => Number(x.toFixed(digits));

export function crossCheckPack(
  settings: StrategySettings,
  w: MinuteWindows,
  slots: number[],
  socNowPct: number,
): PackCrossCheck {
  const first = slots.findIndex((slot) => Number.isFinite(w.socFirst[slot]!));
  if (first < 0) return { socPct: null, warning: null };
  let ah = 0;
  let wh = 0;
  for (let i = first; i < slots.length; i++) {
    ah += w.packAh[slots[i]!]!;
    wh += w.packWh[slots[i]!]!;
  }
  const socFirst = w.socFirst[slots[first]!]!;
  const c = settings.capacity;
  const [moved, setting, unit] = c.kind === "Ah" ? [ah, c.ah, "Ah"] : [wh, c.wh, "Wh"];
  const used = setting > 0 ? (moved / setting) * 100 : NaN;
  const socPct = Number.isFinite(used) ? socFirst - used : null;
  // Discharge counts positive in both: the same sign, or the figures disagree on more than size.
  const fell = socFirst - socNowPct;
  if (!(Math.abs(fell) >= MIN_MOVED_PCT) || !(moved / fell > 0) || !(setting > 0))
    return { socPct, warning: null };
  const implied = (moved / fell) * 100;
  if (Math.abs(implied / setting - 1) <= TOLERANCE) return { socPct, warning: null };
  const change = fell > 0 ? `fell ${round(fell, 1)} points` : `rose ${round(-fell, 1)} points`;
  const digits = unit === "Ah" ? 1 : 0;
  return {
    socPct,
    warning:
      `Check the pack's capacity in settings: today ${round(Math.abs(moved), digits)} ${unit} ` +
      `went ${fell > 0 ? "out of" : "into"} the pack while its state of charge ${change}, ` +
      `as a pack of about ${round(implied, digits)} ${unit} would; settings say ${setting} ${unit}, ` +
      `and the forecast uses them.`,
  };
}
