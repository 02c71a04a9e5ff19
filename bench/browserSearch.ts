// The highest packet rate at which every budget holds, with and without plots:
// double from 2,000 until a probe fails, then bisect, within a time bound.
import type { RateResult } from "./browserRun";

const START = 2_000;
const CAP = 32_000;
const STEP = 250; // resolution of the answer (packets/s)
const BUDGET_MS = 115_000; // per mode; both modes together stay under 4 minutes

export interface SearchResult {
  withPlots: number;
  withoutPlots: number;
  probes: number;
  capped: boolean;
}

type Probe = (rate: number, plots: boolean) => Promise<RateResult>;

/** Every budget of the issue that one short probe can check. */
export function holds(r: RateResult, plots: boolean): boolean {
  return r.fpsMedian >= 55 && r.longTasks === 0 && r.keptUp && (!plots || r.latencyP95Ms <= 100);
}

async function search(probe: Probe, plots: boolean): Promise<[number, number, boolean]> {
  const started = Date.now();
  let good = 0;
  let bad = Infinity;
  let rate = START;
  let probes = 0;
  while (Date.now() - started < BUDGET_MS) {
    const result = await probe(rate, plots);
    probes++;
    const ok = holds(result, plots);
    console.log(
      `  search ${plots ? "plots" : "no plots"} ${rate}/s: ${ok ? "holds" : "fails"} (fps ${result.fpsMedian.toFixed(1)}, long tasks ${result.longTasks}, latency p95 ${Math.round(result.latencyP95Ms)} ms, kept up ${result.keptUp})`,
    );
    if (ok) good = rate;
    else bad = rate;
    if (bad === Infinity) {
      if (rate >= CAP) return [good, probes, true];
      rate = Math.min(CAP, rate * 2);
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
