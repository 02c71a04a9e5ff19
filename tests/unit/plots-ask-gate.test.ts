// The one rule both owners of a live picture (plotDriver on the main thread,
// LivePlots in the render worker) follow when asking for series.
import { describe, expect, it } from "vitest";
import type { SeriesResult } from "../../workers/contract/series";
import { AskGate, joinAnswer, RETRY_MS, tailStart } from "../../workers/shared/plots/liveTail";

function result(xs: number[], bucketSeconds: number): SeriesResult {
  return {
    data: [Float64Array.from(xs), Float64Array.from(xs.map((x) => x * 2))],
    from: xs[0] ?? null,
    to: xs.at(-1) ?? null,
    hasGaps: [false],
    units: ["V"],
    bucketSeconds,
  };
}

describe("asking for a live window", () => {
  it("keeps one ask in flight, and after a failure waits RETRY_MS before the next", () => {
    let clock = 1000;
    const gate = new AskGate(() => clock);
    expect(gate.mayAsk()).toBe(true);
    gate.asked();
    expect(gate.mayAsk()).toBe(false);
    gate.answered();
    expect(gate.mayAsk()).toBe(true);
    gate.asked();
    expect(gate.failed()).toBe(RETRY_MS);
    expect(gate.busy).toBe(false);
    clock += RETRY_MS - 1;
    expect(gate.mayAsk()).toBe(false);
    clock += 1;
    expect(gate.mayAsk()).toBe(true);
  });

  it("asks from the newest bucket on, or for the whole window when there is no grid", () => {
    expect(tailStart(result([10, 10.5, 11, 11.2, 11.4], 1))).toBe(11);
    expect(tailStart(result([10, 11], 0))).toBeNull();
  });

  it("takes a whole answer as it is, joins a tail, and refuses one that does not join", () => {
    const held = result([10, 10.5, 11, 11.2], 1);
    const whole = result([20, 21], 1);
    expect(joinAnswer(held, whole, null, null)).toBe(whole);
    const joined = joinAnswer(held, result([11, 11.2, 11.9, 12.1], 1), 11, 10.4)!;
    expect(Array.from(joined.data[0]!)).toEqual([10.5, 11, 11.2, 11.9, 12.1]);
    expect(joinAnswer(held, result([5, 6], 1), 11, null)).toBeNull(); // time went back
  });
});
