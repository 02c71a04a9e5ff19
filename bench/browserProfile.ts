// Where the renderer main thread's milliseconds go: a CDP sampling profile of
// the page, each sample charged to the nearest enclosing function we can name
// (uPlot's draw phases, our frame loop, Comlink, React, …). "(program)" is
// native work outside JavaScript: style, layout, paint, compositing, IPC.
// Function names need an unminified build (BENCH_DIST=<vite build --minify false>).
import type { CDPSession } from "@playwright/test";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Nearest-ancestor rules, checked from the sampled frame up to the root. */
const RULES: [string, (name: string, url: string) => boolean][] = [
  ["GC", (n) => n === "(garbage collector)"],
  ["native (style, layout, paint, IPC)", (n) => n === "(program)"],
  ["idle", (n) => n === "(idle)"],
  ["uPlot: legend (DOM text)", (n) => n === "setLegend" || n === "setLegendValues"],
  ["uPlot: series paths + stroke", (n) => n === "drawSeries"],
  ["uPlot: axes + grid", (n) => n === "drawAxesGrid"],
  ["uPlot: cursor", (n) => n === "updateCursor"],
  [
    "uPlot: setData / scales / size",
    (n) => /^(setData|_setScale|setScales|autoScaleX|_setSize|setScale)$/.test(n),
  ],
  ["uPlot: commit (other)", (n) => n === "_commit" || n === "commit"],
  ["plots: NaN→null copy", (n) => n === "toAlignedData"],
  ["plots: frame loop (ours)", (n) => n === "tick" || n === "frame"],
  ["live snapshot (LiveStore)", (n) => n === "apply" || n === "poll"],
  [
    "Comlink / messages",
    (n, u) => /comlink/i.test(u) || n === "fromWireValue" || n === "toWireValue",
  ],
  ["React", (_n, u) => /react-dom|scheduler/i.test(u) || /react/i.test(u)],
];
const OTHER = "other JavaScript";

export interface ProfileRow {
  category: string;
  msPerSecond: number;
  share: number;
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
}

/** Stops the profiler; main-thread ms per wall second by category, busiest first. */
export async function stopProfile(cdp: CDPSession): Promise<ProfileRow[]> {
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  if (process.env.BENCH_DEBUG)
    console.log(profile.nodes.length, profile.samples.length, profile.startTime, profile.endTime);
  const parent = new Map<number, ProfileNode>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node);
  }
  const categoryOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = categoryOf.get(id);
    if (known) return known;
    let category = OTHER;
    for (let node = byId.get(id); node; node = parent.get(node.id)) {
      const { functionName, url } = node.callFrame;
      const rule = RULES.find(([, match]) => match(functionName, url));
      if (rule) {
        category = rule[0];
        break;
      }
    }
    categoryOf.set(id, category);
    return category;
  };
  const totals = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const category = classify(profile.samples[i]!);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    totals.set(category, (totals.get(category) ?? 0) + ms);
  }
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  totals.delete("idle");
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals.entries()]
    .map(([category, ms]) => ({ category, msPerSecond: ms / seconds, share: ms / busy }))
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
