// The time axis the render worker draws under each plot: round local times,
// far enough apart for a label, the same ticks frame after frame.
import { describe, expect, it } from "vitest";
import { MIN_TICK_SPACING, timeLabel, timeTicks } from "../../workers/shared/plots/timeAxis";

const T0 = Date.UTC(2026, 10, 23, 10, 0, 0) / 1000;

describe("plot time axis", () => {
  it("puts ticks on round times at least a label's width apart", () => {
    // 2 minutes on 332 px: 25 s of time per 70 px, so ticks every 30 s.
    const { increment, ticks } = timeTicks({ min: T0 + 3, max: T0 + 123 }, 332, 0);
    expect(increment).toBe(30);
    expect(ticks[0]).toBe(T0);
    for (const t of ticks) expect((t - T0) % 30).toBe(0);
    expect((increment / 120) * 332).toBeGreaterThanOrEqual(MIN_TICK_SPACING);
  });

  it("reaches one tick past each end, so a label at an edge slides in rather than pops", () => {
    const { ticks } = timeTicks({ min: T0 + 3, max: T0 + 123 }, 332, 0);
    expect(ticks[0]).toBeLessThan(T0 + 3);
    expect(ticks.at(-1)).toBeGreaterThan(T0 + 123);
  });

  it("keeps the same ticks as the live range moves on", () => {
    const a = timeTicks({ min: T0 + 3, max: T0 + 123 }, 332, 0).ticks;
    const b = timeTicks({ min: T0 + 3.36, max: T0 + 123.36 }, 332, 0).ticks;
    expect(b.filter((t) => a.includes(t)).length).toBeGreaterThanOrEqual(a.length - 1);
  });

  it("puts hourly ticks on local round hours", () => {
    const offset = 5.5 * 3600; // UTC+05:30
    const { increment, ticks } = timeTicks({ min: T0, max: T0 + 12 * 3600 }, 400, offset);
    expect(increment).toBeGreaterThanOrEqual(3600);
    for (const t of ticks) expect((t + offset) % 3600).toBe(0);
  });

  it("labels seconds only while ticks are under a minute apart", () => {
    expect(timeLabel(T0 + 30, 30)).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(timeLabel(T0 + 60, 60)).toMatch(/^\d\d:\d\d$/);
  });

  it("has no ticks for an empty range", () => {
    expect(timeTicks({ min: T0, max: T0 }, 332, 0).ticks).toEqual([]);
  });
});
