// What bench:windows runs inside each window. Like bench/browserPage.ts, each
// function is serialised into the page: self-contained, no imports.

/** Init script: a long-task recorder running from the start. */
export function installLongTaskProbe(): void {
  const w = window as unknown as { __benchLongTasks: { start: number; duration: number }[] };
  w.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** The main thread's long tasks since `since` (performance.now()): how many, and the longest, ms. */
export function longTasksSince(since: number): { count: number; maxMs: number } {
  const tasks = (
    window as unknown as { __benchLongTasks: { start: number; duration: number }[] }
  ).__benchLongTasks.filter((t) => t.start >= since);
  return { count: tasks.length, maxMs: tasks.reduce((max, t) => Math.max(max, t.duration), 0) };
}

export const pageNow = (): number => performance.now();

/** The Overview's "Accepted: N" (the core's accepted packets), or -1 before it shows. */
export function overviewAccepted(): number {
  const text = document.querySelector("[data-testid=accepted-count]")?.textContent ?? "";
  const match = /Accepted:\s*([\d,]+)/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, "")) : -1;
}
