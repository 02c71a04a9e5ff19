// Where the renderer main thread's milliseconds go: a Chromium trace
// (devtools.timeline) of the page, each event's self time charged to a
// category. Rendering work (style, layout, paint, GC) keeps its own category;
// JavaScript is charged to what started it (an animation frame — the plots'
// loop —, a timer, a message from the worker, …). The CDP sampling profiler
// was tried first: enabling it in a page this busy did not return.
import type { PipeBrowser } from "./pipeBrowser";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

const OWN: [string, RegExp][] = [
  ["style + layout", /^(UpdateLayoutTree|RecalculateStyles|Layout|UpdateLayerTree|HitTest)$/],
  [
    "paint + composite (software)",
    /^(Paint|PaintImage|PrePaint|Layerize|Commit|CompositeLayers|UpdateLayer|RasterTask|Decode.*|ScrollLayer)$/,
  ],
  ["garbage collection", /GC|^V8\.GC/],
  [
    "script compile",
    /^(v8\.compile|v8\.parseOnBackground|CompileScript|ParseHTML|EvaluateScript)$/,
  ],
];
const TRIGGERS: [string, (e: TraceEvent) => boolean][] = [
  [
    "plots: animation frame (results → render worker, uPlot y axes, legend)",
    (e) => e.name === "FireAnimationFrame",
  ],
  ["timers (live snapshot poll, React scheduler)", (e) => e.name === "TimerFire"],
  [
    "worker messages (Comlink results, snapshots)",
    (e) =>
      e.name === "HandlePostMessage" ||
      (e.name === "EventDispatch" && e.args?.data?.type === "message"),
  ],
  ["observers (resize, intersection)", (e) => /Observer/.test(e.name)],
  ["other DOM events", (e) => e.name === "EventDispatch"],
  ["promise callbacks", (e) => e.name === "RunMicrotasks"],
];
const OTHER = "other main-thread tasks";

const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8"];

export interface ProfileRow {
  category: string;
  msPerSecond: number;
  share: number;
}

export async function startProfile(browser: PipeBrowser): Promise<void> {
  await browser.startTracing(TRACE_CATEGORIES);
}

/** Stops tracing; main-thread ms per wall second by category, busiest first. */
export async function stopProfile(browser: PipeBrowser): Promise<ProfileRow[]> {
  const { traceEvents } = JSON.parse(await browser.stopTracing()) as { traceEvents: TraceEvent[] };
  const mains = new Set(
    traceEvents
      .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const events = traceEvents
    .filter((e) => e.ph === "X" && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const totals = new Map<string, number>();
  const add = (category: string, us: number) =>
    totals.set(category, (totals.get(category) ?? 0) + us / 1000);
  // Walk the nesting with a stack; each event's self time = its duration − its children's.
  const stack: { end: number; category: string; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      add(done.category, Math.max(0, done.self));
    }
  };
  let first = Infinity;
  let last = -Infinity;
  for (const e of events) {
    close(e.ts);
    first = Math.min(first, e.ts);
    last = Math.max(last, e.ts + e.dur!);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= e.dur!;
    const own = OWN.find(([, pattern]) => pattern.test(e.name))?.[0];
    const trigger = TRIGGERS.find(([, match]) => match(e))?.[0];
    const category = own ?? trigger ?? parent?.category ?? OTHER;
    stack.push({ end: e.ts + e.dur!, category, self: e.dur! });
  }
  close(Infinity);
  const seconds = (last - first) / 1e6;
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals.entries()]
    .map(([category, ms]) => ({ category, msPerSecond: ms / seconds, share: ms / busy }))
    .filter((r) => r.msPerSecond >= 0.05)
    .sort((a, b) => b.msPerSecond - a.msPerSecond);
}

export function profileTable(rows: ProfileRow[]): string {
  const total = rows.reduce((sum, r) => sum + r.msPerSecond, 0);
  const lines = rows.map(
    (r) => `| ${r.category} | ${r.msPerSecond.toFixed(1)} | ${(r.share * 100).toFixed(0)} % |`,
  );
  return [
    "| where | main-thread ms per second | share of busy |",
    "|---|---|---|",
    ...lines,
    `| **total busy** | **${total.toFixed(1)}** | 100 % |`,
  ].join("\n");
}
