// The race plan as the forecast uses it (issue 62): made again every 15
// minutes of packet time, and at once when the settings, the weather
// forecasts known or the day change; between, the plan stands and the
// recommended speed steers towards its target for today. When a new plan
// moves today's target by more than 5 points, it says why, in words.
import type { RacePlan, StrategySettings } from "../../contract/strategy";
import { formatZonedTime } from "../../shared/dateTime";
import { buildEvent, raceDaysFrom, todayOf, type EventSun } from "./eventTimeline";
import type { Horizon } from "./horizon";
import { searchPlan, walkPlan, type PlanSearch, type PlanWalk } from "./racePlan";
import type { ScenarioInputs } from "./scenario";

const REPLAN_S = 15 * 60;
const CURVE_EVERY_S = 15 * 60;
/** Today's target moving more than this (points) is news: the plan says why. */
const NEWS_PTS = 5;

/** What a history remembers of its plans (StrategyState.plan). */
export interface PlanMemory {
  plan: RacePlan;
  settings: StrategySettings;
  forecasts: number;
  /** The plan today's target was last noted from, and the change noted then. */
  noted: RacePlan;
  change: RacePlan["change"];
}

export interface PlanAsk {
  now: number;
  settings: StrategySettings;
  serverDates: readonly string[];
  horizon: Horizon;
  pack: ScenarioInputs;
  sun: EventSun;
  /** How many weather forecasts are known (a new one plans again). */
  forecasts: number;
  bounds: { minKmh: number; maxKmh: number };
  /** The zone texts write times in. */
  textZone: string;
}

/** The plan now (kept or made again), or null when today is not a race day. */
export function planTheRace(memory: { plan?: PlanMemory | null }, ask: PlanAsk): RacePlan | null {
  const { now, settings } = ask;
  const days = raceDaysFrom(now, settings, ask.serverDates);
  if (!days) return null;
  const kept = memory.plan;
  if (
    kept &&
    kept.settings === settings &&
    kept.forecasts === ask.forecasts &&
    kept.plan.days[0]?.date === days.dates[0] &&
    now >= kept.plan.at &&
    now - kept.plan.at < REPLAN_S
  )
    return kept.plan;
  const plan = makePlan(ask, days.dates, days.from);
  const noted = kept && kept.noted.days[0]?.date === plan.days[0]?.date ? kept.noted : null;
  let change = noted ? kept!.change : null;
  let notedNow = noted ?? plan;
  const from = noted?.days[0]?.targetSocPct;
  const to = plan.days[0]!.targetSocPct;
  if (from !== undefined && Math.abs(to - from) > NEWS_PTS) {
    change = { at: now, fromPct: from, toPct: to, why: whyMoved(noted!, plan, ask) };
    notedNow = plan;
  }
  plan.change = change;
  memory.plan = { plan, settings, forecasts: ask.forecasts, noted: notedNow, change };
  return plan;
}

function makePlan(ask: PlanAsk, dates: readonly string[], daysFrom: string): RacePlan {
  const t0 = performance.now();
  const { now, pack, settings } = ask;
  const event = buildEvent(now, ask.horizon, dates, settings, ask.sun);
  const t = event.timeline;
  const found = searchPlan(t, pack, ask.bounds);
  // The curve: a point every 15 minutes of day, and each day's end.
  const soc = { time: [now], values: [pack.socNowPct] };
  let next = now + CURVE_EVERY_S;
  const dayDistance = found.speedsKmh.map((v, d) => (v * t.drivingS[d]!) / 3600);
  // The same walk the search judged the speeds by, told each step.
  const kmh = found.speedsKmh.map((v) => v / 3.6);
  const walk = walkPlan(t, pack, kmh, (k, pct) => {
    if (t.time[k]! >= next || k === t.dt.length - 1 || k === t.lastDriveStep[t.day[k]!]) {
      soc.time.push(t.time[k]!);
      soc.values.push(pct);
      next = t.time[k]! + CURVE_EVERY_S;
    }
  });
  const days = dates.map((date, d) => ({
    date,
    speedKmh: found.speedsKmh[d]!,
    targetSocPct: walk.dayEndPct[d]!,
    distanceKm: dayDistance[d]!,
    sunWh: event.sunWh[d]!,
    sunFrom:
      d === 0
        ? ("today's sky" as const)
        : event.forecastShare[d]! >= 0.95
          ? ("weather forecast" as const)
          : event.forecastShare[d]! > 0.05
            ? ("forecast and typical sky" as const)
            : ("typical sky" as const),
  }));
  const floorPct = settings.stopSocPct;
  // A plan that runs down says so (problem); its figures stop at the floor,
  // as the car does, rather than reading below it.
  const floored = (pct: number) => (found.runsDown ? Math.max(floorPct, pct) : pct);
  days.forEach((day) => (day.targetSocPct = floored(day.targetSocPct)));
  soc.values = soc.values.map(floored);
  return {
    at: now,
    daysFrom,
    days,
    endSocPct: floored(walk.endPct),
    floorPct,
    distanceKm: dayDistance.reduce((a, b) => a + b, 0),
    soc,
    problem: problemOf(found, walk, ask, dates),
    change: null,
    ms: performance.now() - t0,
  };
}

/** A day's name in a sentence: "today", "tomorrow", or its date. */
function dayWord(date: string, dates: readonly string[]): string {
  const i = dates.indexOf(date);
  if (i === 0) return "today";
  const next = new Date(`${dates[0]}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  if (next.toISOString().slice(0, 10) === date) return "tomorrow";
  // The app's one date format (MM/DD/YYYY).
  const [y, m, d] = date.split("-");
  return `${m}/${d}/${y}`;
}

/** Why no plan keeps the car running, or why the floor cannot be reached; null when neither. */
function problemOf(
  found: PlanSearch,
  walk: PlanWalk,
  ask: PlanAsk,
  dates: readonly string[],
): string | null {
  const stop = ask.settings.stopSocPct;
  if (found.runsDown && walk.downAt !== null) {
    const date = todayOf(walk.downAt, ask.settings.timeZone);
    return `Even at the slowest speed the plan allows, the pack falls to its protection's stop level (${stop} %) ${dayWord(date, dates)} at ${formatZonedTime(walk.downAt, ask.textZone)}: the car cannot run to the end of the event without stopping to charge`;
  }
  const allTop = found.speedsKmh.every((v) => v >= ask.bounds.maxKmh);
  if (allTop && walk.endPct > stop + 3)
    return `Even at the top speed every day, the pack ends the event at ${walk.endPct.toFixed(0)} %, above its protection's stop level (${stop} %): the sun gives more than the car can use`;
  return null;
}

/** In words, what moved today's target most between two plans. */
function whyMoved(before: RacePlan, after: RacePlan, ask: PlanAsk): string {
  const dates = after.days.map((d) => d.date);
  const perPt = ask.pack.whPerPct;
  const reasons: { pts: number; text: string }[] = [];
  for (const day of after.days.slice(1)) {
    const was = before.days.find((d) => d.date === day.date);
    if (!was || !(was.sunWh > 0)) continue;
    const change = day.sunWh / was.sunWh - 1;
    reasons.push({
      pts: Math.abs(day.sunWh - was.sunWh) / perPt,
      text: `${dayWord(day.date, dates)}'s expected sun ${change < 0 ? "fell" : "rose"} by ${Math.abs(change * 100).toFixed(0)} % (${(was.sunWh / 1000).toFixed(1)} → ${(day.sunWh / 1000).toFixed(1)} kWh, ${day.sunFrom})`,
    });
  }
  const expected = valueAt(before.soc, ask.now);
  if (Number.isFinite(expected)) {
    const off = ask.pack.socNowPct - expected;
    reasons.push({
      pts: Math.abs(off),
      text: `the pack holds ${Math.abs(off).toFixed(0)} points ${off < 0 ? "less" : "more"} than the plan of ${formatZonedTime(before.at, ask.textZone)} expected by now (${ask.pack.socNowPct.toFixed(0)} % against ${expected.toFixed(0)} %)`,
    });
  }
  reasons.sort((a, b) => b.pts - a.pts);
  return reasons[0] && reasons[0].pts >= 1
    ? reasons[0].text
    : "the car's fitted power or today's sky changed";
}

/** A curve's value at t, linear between its points; NaN outside it. */
function valueAt(series: { time: number[]; values: number[] }, t: number): number {
  const { time, values } = series;
  for (let i = 1; i < time.length; i++)
    if (t >= time[i - 1]! && t <= time[i]!) {
      const span = time[i]! - time[i - 1]!;
      const f = span > 0 ? (t - time[i - 1]!) / span : 0;
      return values[i - 1]! + f * (values[i]! - values[i - 1]!);
    }
  return NaN;
}
