// How the strategy's figures read, shared by the Strategy tab and the
// Overview's card: speeds and distances in the app's units (the worker's
// figures are km/h and km), charge in whole percent, times in the zone times
// are shown in (Settings → Show times in: the race's by default) with its name.
import type { AppUnits } from "../../../workers/contract/fields";
import type {
  PowerModel,
  Recommendation,
  StrategyInput,
  StrategyScenario,
} from "../../../workers/contract/strategy";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { formatZonedTime, shownTimeZone } from "./dateTime";
import type { ShownZone } from "../../../workers/shared/dateTime";
import { formatNumber, NO_VALUE } from "./formatNumber";

export function formatSpeed(kmh: number | null | undefined, units: AppUnits): string {
  if (kmh === null || kmh === undefined || !Number.isFinite(kmh)) return NO_VALUE;
  return `${formatNumber(toDisplay(kmh, "km/h", units), 0)} ${displayUnit("km/h", units)}`;
}

/** An input's value as the Inputs table shows it: a speed in the user's unit, else the worker's text. */
export function inputValueText(input: StrategyInput, units: AppUnits): string {
  return input.speedKmh === undefined ? input.value : formatSpeed(input.speedKmh, units);
}

export function formatDistance(km: number | null | undefined, units: AppUnits): string {
  if (km === null || km === undefined || !Number.isFinite(km)) return NO_VALUE;
  return `${formatNumber(toDisplay(km, "km", units), 0)} ${displayUnit("km", units)}`;
}

/** A race day's local date "YYYY-MM-DD" as the app writes dates: "06/16/2026". */
export function formatPlanDate(date: string): string {
  const [y, m, d] = date.split("-");
  return y && m && d ? `${m}/${d}/${y}` : date;
}

export function formatSoc(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return NO_VALUE;
  return `${formatNumber(pct, 0)} %`;
}

/**
 * When the pack runs down and the car stops: "the pack empties at 15:40 CDT",
 * or, where battery protection stops the car above 0 % (`stopPct`), "the
 * pack is down to its minimum (5 %) at 15:40 CDT".
 */
export function packDownText(
  at: number,
  zone: ShownZone | undefined,
  stopPct: number | undefined,
): string {
  const when = formatRaceTime(at, zone);
  return stopPct !== undefined && stopPct > 0
    ? `the pack is down to its minimum (${formatSoc(stopPct)}) at ${when}`
    : `the pack empties at ${when}`;
}

/**
 * The run-down time's band as the tab says it: "between 15:10 and 16:20 CDT
 * (95 % band)", "from 15:10 CDT, or not today", or, for a pack that lasts
 * the day, whether its band reaches the minimum before `endAt`.
 */
export function runDownBandText(
  s: Pick<StrategyScenario, "emptyAt" | "emptyEarliest" | "emptyLatest">,
  endAt: number,
  zone: ShownZone | undefined,
): string {
  const at = (t: number) => formatRaceTime(t, zone);
  if (s.emptyEarliest === null) return `lasts to ${at(endAt)}, even at the band's low edge`;
  if (s.emptyAt === null)
    return `lasts the day as forecast, but may run down from ${at(s.emptyEarliest)} (95 % band)`;
  if (s.emptyLatest === null)
    return `from ${at(s.emptyEarliest)}, or it may last the day (95 % band)`;
  return `between ${at(s.emptyEarliest)} and ${at(s.emptyLatest)} (95 % band)`;
}

/**
 * Under the recommended speed: where it ends the day, and, when it goes
 * furthest with stops to charge (a last day the pack cannot last at any
 * speed), when the pack is down and until what the car stands.
 */
export function recommendedNote(
  rec: Extract<Recommendation, { ok: true }>,
  f: { targetSocPct: number; stopSocPct: number; resumeSocPct: number },
  zone: ShownZone | undefined,
): string {
  const ends = `ends the day at ${formatSoc(rec.endSocPct)} (target ${formatSoc(f.targetSocPct)})`;
  if (rec.emptyAt === null) return ends;
  return `goes furthest with stops to charge: ${packDownText(rec.emptyAt, zone, f.stopSocPct)} and the car stands${untilResumeText(f)}; ${ends}`;
}

/** How long a car stopped by its battery protection stands: " until the sun has it back at 10 %", or nothing. */
export function untilResumeText(f: { stopSocPct: number; resumeSocPct: number }): string {
  return f.resumeSocPct > f.stopSocPct
    ? ` until the sun has it back at ${formatSoc(f.resumeSocPct)}`
    : "";
}

/** Why no constant speed ends the day at the target, in the user's units. */
export function noRecommendationText(
  rec: Extract<Recommendation, { ok: false }>,
  targetPct: number,
  units: AppUnits,
  zone: ShownZone | undefined,
  stopPct?: number,
): string {
  if (rec.why === "not driven")
    return "None yet: the car has not driven today, so its power on the move is not known";
  const speed = formatSpeed(rec.speedKmh, units);
  if (rec.why === "empties" && rec.emptyAt !== null)
    return `Even at ${speed} ${packDownText(rec.emptyAt, zone, stopPct)}`;
  if (rec.why === "any")
    return `Target reached at any speed up to ${speed} (the day ends at ${formatSoc(rec.endSocPct)} at ${speed})`;
  return `Even at ${speed} the day ends at ${formatSoc(rec.endSocPct)}, below the ${formatSoc(targetPct)} target`;
}

/**
 * A strategy time in `zone`, named ("15:40 CDT"), as the worker's texts give
 * it: the zone times are shown in (the race's or this computer's) unless
 * one is given.
 */
export function formatRaceTime(
  time: number,
  zone: ShownZone | undefined = shownTimeZone(),
  withSeconds = false,
): string {
  return formatZonedTime(time, zone === undefined ? shownTimeZone() : zone, withSeconds);
}

/** "Cannot forecast: …" as the worker words it (prefixed when it does not). */
export function cannotText(reason: string): string {
  return /^cannot forecast/i.test(reason) ? reason : `Cannot forecast: ${reason}`;
}

/**
 * How well the power model fits, as the plot's title says it: R² and RMS for
 * a full fit; for a typical car's shape scaled to speeds too alike to fit a
 * curve, which speeds and the RMS (an R² there would only measure noise).
 */
export function fitQuality(fit: PowerModel, units: AppUnits): string {
  const rms = `RMS ${formatNumber(fit.rmsW, 0)} W over ${fit.windows} windows`;
  if (fit.kind === "fitted")
    return `${fit.form} (the form with the least error held out), R² ${formatNumber(fit.r2, 2)}, ${rms}`;
  const [lo, hi] = fit.speedRangeKmh;
  return `a typical solar car's shape scaled to today's power (speeds ${formatNumber(toDisplay(lo, "km/h", units), 0)}–${formatSpeed(hi, units)}, too alike to fit the curve), ${rms}`;
}
