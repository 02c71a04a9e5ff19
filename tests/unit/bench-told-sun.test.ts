// The bench's "told the sun" factor: the sun the day had left over the sun
// the forecast expected, both over exactly the rest of the day.
import { describe, expect, it } from "vitest";
import { energyBetween } from "../../bench/strategyDay";

const H = 3600;
/** A forecast's expected sun: points 5 minutes apart from its first sample at 09:00:30, to 17:00 at most. */
const expected = (watts: (t: number) => number) => {
  const time: number[] = [];
  for (let t = 9 * H + 30; t <= 17 * H; t += 300) time.push(t);
  return { time, values: time.map(watts) };
};

describe("the expected sun's energy over the rest of the day", () => {
  it("counts the last minutes its points stop short of the day's end", () => {
    // The last point is 16:55:30: 1,000 W all afternoon is 1,000 Wh from 16:00 to 17:00, not 925.
    expect(
      energyBetween(
        expected(() => 1000),
        16 * H,
        17 * H,
      ),
    ).toBeCloseTo(1000, 6);
  });

  it("starts between two points where the line between them is", () => {
    // Rising 1 W a second: from 12:02:00 to 12:07:00 the mean is the power at 12:04:30.
    const rising = expected((t) => t - 9 * H);
    const from = 12 * H + 120;
    expect(energyBetween(rising, from, from + 300)).toBeCloseTo(
      ((from + 150 - 9 * H) * 300) / H,
      6,
    );
  });
});
