// What the race-day benchmark runs inside the page. Like bench/browserPage.ts,
// each function is serialised into the page: self-contained, no imports.

/** The status bar's history count ("324,000 / 345,600 (94%)" → 324000) and whether a demo day is being built. */
export function historyStatus(): { length: number; building: boolean; text: string } {
  const text = document.querySelector("[data-testid=status-history]")?.textContent ?? "";
  const match = /([\d,]+)\s*\//.exec(text);
  return {
    length: match ? Number(match[1]!.replace(/,/g, "")) : 0,
    building: document.querySelector("[data-testid=status-demo-day]") !== null,
    text: document.querySelector("[data-testid=status-demo-day]")?.textContent ?? text,
  };
}

/** The first plot's drawing area in CSS pixels, and the newest packet time painted so far. */
export function plotBox(): {
  left: number;
  top: number;
  width: number;
  height: number;
  newest: number;
} {
  const over = document.querySelector(".plot-card .u-over")!.getBoundingClientRect();
  const s = window.__heliosPlotStats!;
  let newest = NaN;
  const n = Math.min(s.paintNext, s.ringSize);
  for (let i = 0; i < n; i++) if (!(s.paintNewestX[i]! <= newest)) newest = s.paintNewestX[i]!;
  return { left: over.left, top: over.top, width: over.width, height: over.height, newest };
}

/**
 * Resolves with ms from the next mouseup to the first frame after it in which
 * every plot (`plots`) was updated and the newest time painted is within the
 * zoom (≤ `to` + 5 s): the zoomed picture is on screen. NaN after 10 s.
 */
export function watchZoom(arg: { plots: number; to: number }): Promise<number> {
  return new Promise((resolve) => {
    const s = window.__heliosPlotStats!;
    let upAt = NaN;
    let calls0 = 0;
    let paint0 = 0;
    addEventListener(
      "mouseup",
      () => {
        upAt = performance.now();
        calls0 = s.setDataCalls;
        paint0 = s.paintNext;
      },
      { capture: true, once: true },
    );
    const started = performance.now();
    const step = () => {
      const now = performance.now();
      if (upAt === upAt && s.setDataCalls - calls0 >= arg.plots && s.paintNext > paint0) {
        const x = s.paintNewestX[(s.paintNext - 1) % s.ringSize]!;
        if (x <= arg.to + 5) return resolve(now - upAt);
      }
      if (now - started > 10_000) return resolve(NaN);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/**
 * After a reload: ms from navigation start (performance.now()) to the first
 * picture painted once the history holds `rows` rows again (the status bar's
 * count), i.e. the plots can show the morning. NaN after `limitMs`.
 */
export function watchRestore(arg: {
  rows: number;
  limitMs: number;
  /** The plots span the whole day ("Today"): the first picture waits for the whole day's preview. */
  wholeDay?: boolean;
}): Promise<{
  firstMs: number;
  fullMs: number;
  appMs: number;
  dayShownMs: number;
  wholeDayMs: number;
  /** The loading screen (SPEC §4) gone, NaN while it is up. */
  loadingGoneMs: number;
}> {
  // First picture: the first plot paint once the day is on screen, either as
  // the restore's 1-second preview (the status bar's restore tag says so:
  // first its newest minutes, which hold the plots' 2-minute window, then the
  // whole day) or as the rows themselves. Full: the history counts the day
  // again and the restore tag is gone.
  return new Promise((resolve) => {
    let paintAtDay = -1;
    let firstMs = NaN;
    // Where the time went: the app's first plot stats (its shell is up), the day on screen.
    let appMs = NaN;
    let dayShownMs = NaN;
    // The whole day's preview on screen (after its newest minutes).
    let wholeDayMs = NaN;
    let loadingGoneMs = NaN;
    const step = () => {
      const now = performance.now();
      const s = window.__heliosPlotStats;
      const text = document.querySelector("[data-testid=status-history]")?.textContent ?? "";
      const restoring = document.querySelector("[data-testid=status-restore]")?.textContent ?? "";
      const match = /([\d,]+)\s*\//.exec(text);
      const rows = match ? Number(match[1]!.replace(/,/g, "")) : 0;
      const wholeDay = /one row a second shown/.test(restoring) || rows >= arg.rows;
      const dayShown = wholeDay || (!arg.wholeDay && /last minutes shown/.test(restoring));
      if (wholeDay && Number.isNaN(wholeDayMs)) wholeDayMs = now;
      const loadingUp = document.querySelector("[data-testid=loading-screen]") !== null;
      if (!loadingUp && s && Number.isNaN(loadingGoneMs)) loadingGoneMs = now;
      if (s && Number.isNaN(appMs)) appMs = now;
      if (dayShown && Number.isNaN(dayShownMs)) dayShownMs = now;
      if (paintAtDay < 0 && s && dayShown) paintAtDay = s.paintNext;
      if (Number.isNaN(firstMs) && paintAtDay >= 0 && s && s.paintNext > paintAtDay) firstMs = now;
      if (!Number.isNaN(firstMs) && rows >= arg.rows && restoring === "")
        return resolve({ firstMs, fullMs: now, appMs, dayShownMs, wholeDayMs, loadingGoneMs });
      if (now > arg.limitMs)
        return resolve({ firstMs, fullMs: NaN, appMs, dayShownMs, wholeDayMs, loadingGoneMs });
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/** ms from navigation to the loading screen gone (SPEC §4), waiting up to `limitMs` from navigation; NaN if it stays. */
export function loadingScreenGone(limitMs: number): Promise<number> {
  return new Promise((resolve) => {
    const step = () => {
      const now = performance.now();
      if (document.querySelector("[data-testid=loading-screen]") === null) return resolve(now);
      if (now > limitMs) return resolve(NaN);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}
