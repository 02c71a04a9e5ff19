// The highest packet rate at which every budget holds, with and without plots:
// double from 2,000 until a rate fails, then bisect, within a time bound. A
// missed probe is tried again before its rate counts as failed: one noisy
// probe (a stall elsewhere on the machine) used to end the search low.
// A rate counts only if the feed really sent it: the feed server stops at
// MAX_RATE, and before this check a probe of 32,000/s "held" while the feed
// sent 10,000/s.
import { MAX_RATE } from "../feed-server/FeedServer";
import type { RateResult } from "./browserRun";

const START = 2_000;
/** The feed's own ceiling: a rate it cannot send cannot be measured. */
export const SEARCH_CAP = MAX_RATE;
/** A probe whose feed sent less than this share of the rate asked measured a lower rate. */
export const DELIVERED_SHARE = 0.95;
const STEP = 250; // resolution of the answer (packets/s)
const BUDGET_MS = 150_000; // per mode; both modes together stay under 5 minutes
/** Probes of a rate before it counts as failed (the first that holds ends them). */
export const ATTEMPTS = 2;

interface SearchResult {
  withPlots: number;
  withoutPlots: number;
  probes: number;
  capped: boolean;
}

type Probe = (rate: number, plots: boolean) => Promise<RateResult>;

type Checked = Pick<
  RateResult,
  "rate" | "fpsMedian" | "longTasks" | "keptUp" | "latencyP95Ms" | "sentPps"
>;

/** Every budget of the issue that one short probe can check, at the rate the feed really sent. */
export function holds(r: Checked, plots: boolean): boolean {
  return (
    r.sentPps >= r.rate * DELIVERED_SHARE &&
    r.fpsMedian >= 55 &&
    r.longTasks === 0 &&
    r.keptUp &&
    (!plots || r.latencyP95Ms <= 100)
  );
}

async function search(probe: Probe, plots: boolean): Promise<[number, number, boolean]> {
  const started = Date.now();
  let good = 0;
  let bad = Infinity;
  let rate = START;
  let probes = 0;
  while (Date.now() - started < BUDGET_MS) {
    let ok = false;
    for (let attempt = 1; attempt <= ATTEMPTS && !ok; attempt++) {
      const result = await probe(rate, plots);
      probes++;
      ok = holds(result, plots);
      console.log(
        `  search ${plots ? "plots" : "no plots"} ${rate}/s, try ${attempt}: ${ok ? "holds" : "fails"} (fps ${result.fpsMedian.toFixed(1)}, long tasks ${result.longTasks}, latency p95 ${Math.round(result.latencyP95Ms)} ms, kept up ${result.keptUp}, feed sent ${Math.round(result.sentPps)}/s)`,
      );
    }
    if (ok) good = rate;
    else bad = rate;
    if (bad === Infinity) {
      if (rate >= SEARCH_CAP) return [good, probes, true];
      rate = Math.min(SEARCH_CAP, rate * 2);
    } else {
      const next = Math.round((good + bad) / 2 / STEP) * STEP;
      if (bad - good <= STEP || next === good || next === bad) break;
      rate = next;
    }
  }
  return [good, probes, false];
}

export async function findMaxRate(probe: Probe): Promise<SearchResult> {
  const [withPlots, p1, capped1] = await search(probe, true);
  const [withoutPlots, p2, capped2] = await search(probe, false);
  return { withPlots, withoutPlots, probes: p1 + p2, capped: capped1 || capped2 };
}
