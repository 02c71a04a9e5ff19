// What the browser benchmark runs inside the page. These functions are
// serialised by Playwright (page.evaluate / addInitScript), so each one must be
// self-contained: no imports, no closures over module variables.
import type { PlotLayout } from "../src/state/plotLayout/plotLayout";
import type { PlotStats } from "../src/state/plotStats";

export interface PageSummary {
  frames: number;
  latencyMedianMs: number;
  latencyP95Ms: number;
  latencyMaxMs: number;
  /**
   * The longest wait, in wall time, between two pictures that showed newer
   * packets: at a steady feed, a stall of the worker (or of the render path)
   * that the percentiles would average away.
   */
  stallMaxMs: number;
  latencySamples: number;
  setDataPerFrame: number;
  updateMsMedian: number;
  updateMsP95: number;
  updateMsMax: number;
  staleResults: number;
  errors: number;
  longTasks: number;
  longTaskTotalMs: number;
  longTaskMaxMs: number;
  /** The live refresh cadence at the end: slow-downs since load, factor, and why it last slowed. */
  slowdowns: number;
  cadenceFactor: number;
  slowReason: string;
}

/** Twelve plots of four series (numeric and boolean), as an engineer would lay them out. */
export function benchLayout(window: PlotLayout["window"]): PlotLayout {
  const groups = [
    ["Battery.PackVoltage", "Battery.PackCurrent", "Battery.PackStateOfCharge", "Battery.FanSpeed"],
    [
      "MotorDetails0.VehicleVelocity",
      "MotorDetails1.VehicleVelocity",
      "MotorDetails0.MotorTemperature",
      "MotorDetails1.MotorTemperature",
    ],
    [
      "MPPT.Mppt0Ch0ArrayVoltage",
      "MPPT.Mppt0Ch0ArrayCurrent",
      "MPPT.Mppt1Ch0ArrayVoltage",
      "MPPT.Mppt1Ch0ArrayCurrent",
    ],
    ["B3.Acceleration", "B3.RegenBraking", "B3.BrakeSwitchDigital", "KeyMotor.BusCurrentOut"],
  ];
  const plots = Array.from({ length: 12 }, (_, i) => ({
    id: `bench-${i}`,
    fields: groups[i % groups.length]!,
  }));
  return { version: 1, window, plots };
}

/** Init script: the layout to show, and a long-task recorder running from the start. */
export function installProbe(layoutJson: string): void {
  localStorage.setItem("plotLayout", layoutJson);
  localStorage.setItem("theme", "light");
  const w = window as unknown as { __benchLongTasks: { start: number; duration: number }[] };
  w.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** Start of the measured interval: clear the plot stats, remember the time. */
export function startMeasuring(): number {
  window.__heliosPlotStats?.reset();
  return performance.now();
}

/**
 * Summarise the frames and long tasks since `since` (performance.now()).
 * Latency samples every `packetIntervalMs` of packet time (default 1 ms: one
 * per packet at rates of 1,000/s and more, and the wait between refreshes
 * weighs in); a slow steady source passes its own interval, so each sample is
 * one packet's time to the first picture that shows it.
 */
export function summarise(arg: number | { since: number; packetIntervalMs: number }): PageSummary {
  const since = typeof arg === "number" ? arg : arg.since;
  const step = typeof arg === "number" ? 1 : Math.max(1, arg.packetIntervalMs);
  const s = window.__heliosPlotStats as PlotStats;
  const quantile = (values: number[], q: number): number => {
    if (values.length === 0) return NaN;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  const frames = Math.min(s.frames, s.ringSize);
  const latencies: number[] = [];
  let newest = NaN;
  let newestWall = NaN;
  let stallMaxMs = 0;
  let calls = 0;
  for (let i = 0; i < frames; i++) {
    calls += s.frameSetDataCalls[i]!;
  }
  // Pictures painted by the main thread's frames or by the render worker on its own.
  const paints = Math.min(s.paintNext, s.ringSize);
  for (let i = 0; i < paints; i++) {
    const x = s.paintNewestX[i]!;
    if (x !== x || x <= newest) continue; // nothing new drawn (NaN) or older
    // Every packet time in (previous newest, x] reaches the screen in this
    // picture: one sample per millisecond of packet time weighs them as
    // packets (at a steady rate), so waiting between refreshes is counted too.
    if (newest === newest) {
      for (let t = x * 1000; t > newest * 1000; t -= step) latencies.push(s.paintWallMs[i]! - t);
      stallMaxMs = Math.max(stallMaxMs, s.paintWallMs[i]! - newestWall);
    }
    newest = x;
    newestWall = s.paintWallMs[i]!;
  }
  const updates = Array.from(s.updateMs.subarray(0, Math.min(s.updateNext, s.ringSize)));
  const tasks = (
    window as unknown as { __benchLongTasks: { start: number; duration: number }[] }
  ).__benchLongTasks.filter((t) => t.start >= since);
  return {
    frames: s.frames,
    latencyMedianMs: quantile(latencies, 0.5),
    latencyP95Ms: quantile(latencies, 0.95),
    latencyMaxMs: quantile(latencies, 1),
    stallMaxMs: newestWall === newestWall ? stallMaxMs : NaN,
    latencySamples: latencies.length,
    setDataPerFrame: frames > 0 ? calls / frames : 0,
    updateMsMedian: quantile(updates, 0.5),
    updateMsP95: quantile(updates, 0.95),
    updateMsMax: s.maxSetDataMs,
    staleResults: s.staleResults,
    errors: s.errors,
    longTasks: tasks.length,
    longTaskTotalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
    longTaskMaxMs: tasks.reduce((max, t) => Math.max(max, t.duration), 0),
    slowdowns: s.slowdowns,
    cadenceFactor: s.cadenceFactor,
    slowReason: s.slowReason,
  };
}

export function acceptedPackets(): number {
  return window.__heliosPlotStats?.accepted ?? 0;
}

/** JSON.parse rate of one real-shaped packet on the page's main thread (packets/s, ~0.5 s). */
export function parseRate(text: string): number {
  let sink = 0;
  for (let i = 0; i < 200; i++) sink += (JSON.parse(text) as { TimeStamp: number }).TimeStamp;
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 500) {
    for (let k = 0; k < 50; k++) sink += (JSON.parse(text) as { TimeStamp: number }).TimeStamp;
    n += 50;
    elapsed = performance.now() - start;
  }
  return sink === 0 ? NaN : (n * 1000) / elapsed;
}

/**
 * The page's frame rate under the load of the run: the intervals between
 * animation frames over `ms`. Measured after the busy share, apart from it:
 * the probe itself asks for every frame, which the plots no longer do while
 * the render worker refreshes them.
 */
export function probeFrames(ms: number): Promise<{ fpsMedian: number; fpsP5: number }> {
  return new Promise((resolve) => {
    const times: number[] = [];
    const step = (t: number): void => {
      times.push(t);
      if (t - times[0]! < ms) {
        requestAnimationFrame(step);
        return;
      }
      const intervals = times.slice(1).map((v, i) => v - times[i]!);
      intervals.sort((a, b) => a - b);
      const at = (q: number) =>
        intervals[Math.min(intervals.length - 1, Math.floor(q * intervals.length))]!;
      resolve({ fpsMedian: 1000 / at(0.5), fpsP5: 1000 / at(0.95) });
    };
    requestAnimationFrame(step);
  });
}

/** Init script: `layoutJson` saved as the layout of another window (its own key). */
export function storeLayoutAs(arg: { key: string; layoutJson: string }): void {
  localStorage.setItem(arg.key, arg.layoutJson);
}

/** The window's name as the status bar shows it (only while several windows share the core). */
export function shownWindowName(): string | null {
  return document.querySelector("[data-testid=status-window-name]")?.textContent ?? null;
}
