// Browser benchmark (npm run bench:browser): the built app in headless Chromium,
// fed by the feed server at several rates, with 12 live plots of 4 series each
// on /plots. Measured in the page: frame rate, long tasks, main-thread busy
// share, packet-to-screen latency, and packets stored vs sent; then the
// time of one plot update with a full 1-hour window, two windows of 6 plots
// each on the one shared core (issue 38; bench/browserWindows.ts), and the
// highest rate that holds every budget with and without plots.
// Chromium is driven over its DevTools pipe by bench/pipeBrowser.ts, not by
// Playwright, whose network instrumentation of every page and worker reports
// each WebSocket frame to the driver and cost more CPU than the app itself at
// 2,000 packets/s (see the note in bench/RESULTS.md).
//
// Options: --cpu-share <0..0.5> (a slower machine for the whole browser:
// Chromium's threads get about this share of a core; bench/slowMachine.ts),
// --parse-rate <packets/s> (the same slower machine, its share picked so that a
// blank page parses the real packet at about that rate: bench/parseRateTarget.ts),
// --cpu-throttle <rate> (CDP CPU throttling of the page's main thread only),
// --profile (also sample where the main thread's time goes at 2,000 packets/s).
// BENCH_RATES=100,2000 for a quick look (RESULTS.md is then left alone).
import { coresText, serveBuiltApp } from "./benchMachine";
import { PipeBrowser } from "./pipeBrowser";
import { benchLayout } from "./browserPage";
import { profileTable } from "./browserProfile";
import {
  CATCH_UP_LIMIT_MS,
  CAUGHT_UP_PACKETS,
  CAUGHT_UP_TOLERANCE,
  CAUGHT_UP_WINDOWS,
  caughtUpText,
  COUNT_MS,
  fmt,
  median,
  runRate,
  VIEWPORT,
  WARMUP_MS,
  type RateResult,
} from "./browserRun";
import { DELIVERED_SHARE, findMaxRate, SEARCH_CAP } from "./browserSearch";
import { runTwoWindows, STALL_BUDGET_MS, twoWindowsHold, worseOf } from "./browserWindows";
import { startSlowMachine, startSlowMachineAtGap, type SlowMachine } from "./slowMachine";
import { blankPageParseRate, gapForParseRate, type ParseProbe } from "./parseRateTarget";
import { writeResultsSection } from "./resultsFile";

const QUICK = process.env.BENCH_RATES;
const RATES = QUICK ? QUICK.split(",").map(Number) : [100, 1_000, 2_000, 5_000];
const MEASURE_MS = 10_000;
const DIST = process.env.BENCH_DIST ?? "dist";
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const CPU_THROTTLE = Math.max(1, Number(option("--cpu-throttle") ?? 1) || 1);
const CPU_SHARE = option("--cpu-share");
const PARSE_RATE = option("--parse-rate");
const PROFILE = flag("--profile");
// The backend link is kept on HTTP long-polling (?upgrade=0), as this
// benchmark has always measured it; --websocket measures it upgraded (the
// app's default where the backend allows it; bench:transports compares both).
const WEBSOCKET = flag("--websocket");
// Runs on an emulated slower machine, or over a WebSocket, have their own section in RESULTS.md.
const emulation = [
  ...(CPU_SHARE !== undefined ? [`--cpu-share ${CPU_SHARE}`] : []),
  ...(PARSE_RATE !== undefined ? [`--parse-rate ${PARSE_RATE}`] : []),
  ...(CPU_THROTTLE > 1 ? [`--cpu-throttle ${CPU_THROTTLE}`] : []),
];
const emulatedText = emulation.length > 0 ? " on an emulated slower machine" : "";
const sectionOptions = [...emulation, ...(WEBSOCKET ? ["--websocket"] : [])];
const optionsText = sectionOptions.length > 0 ? ` -- ${sectionOptions.join(" ")}` : "";
const transportText = WEBSOCKET
  ? "upgraded to a WebSocket (?upgrade=1, the app's default; the feed speaking 2026-06, whose upgrade works)"
  : "over HTTP long-polling (?upgrade=0: the Settings switch off, or a backend whose upgrade fails)";
const PROFILE_RATE = Number(option("--profile-rate") ?? 2_000) || 2_000;
const SEARCH = !flag("--no-search");

/** A run's long-poll turnaround at the feed server, median / p95. */
function turnaroundText(result: RateResult | undefined): string {
  const t = result?.pollTurnaroundMs;
  return t && Number.isFinite(t.median)
    ? `median ${fmt(t.median)} ms, p95 ${fmt(t.p95)} ms`
    : "not measured";
}

function table(results: RateResult[]): string {
  const head =
    "| packets/s | caught up after | fps median | fps p5 | long tasks (n / total ms / max ms) | main thread busy | latency p95 | setData per frame | plot update p95 | stored | sent |";
  const rule = "|" + "---|".repeat(11);
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${caughtUpText(r.caughtUpMs)} | ${fmt(r.fpsMedian, 1)} | ${fmt(r.fpsP5, 1)} | ${r.longTasks} / ${fmt(r.longTaskTotalMs)} / ${fmt(r.longTaskMaxMs)} | ${fmt(r.busy * 100)} % | ${fmt(r.latencyP95Ms)} ms | ${fmt(r.setDataPerFrame, 1)} | ${fmt(r.updateMsP95, 2)} ms | ${fmt(r.stored)} | ${fmt(r.sent)} |`,
  );
  return [head, rule, ...rows].join("\n");
}

/** The slower machine asked for (--cpu-share, or --parse-rate calibrated on a blank page), if any. */
async function slowMachine(): Promise<{ slow: SlowMachine | null; calibratedText: string }> {
  if (CPU_SHARE !== undefined && PARSE_RATE !== undefined)
    throw new Error("give --cpu-share or --parse-rate, not both");
  if (CPU_SHARE !== undefined)
    return { slow: startSlowMachine(Number(CPU_SHARE)), calibratedText: "" };
  if (PARSE_RATE === undefined) return { slow: null, calibratedText: "" };
  const target = Number(PARSE_RATE);
  const probes: ParseProbe[] = [];
  process.stdout.write(`calibrating for JSON.parse ≈ ${fmt(target)}/s on a blank page … `);
  const gap = await gapForParseRate(target, blankPageParseRate, probes);
  const tried = [...probes]
    .sort((a, b) => a.niceGap - b.niceGap)
    .map((p) => `${p.niceGap === 0 ? "unhindered" : `gap ${p.niceGap}`}: ${fmt(p.pps)}/s`)
    .join(", ");
  console.log(gap === null ? `none needed (${tried})` : `nice gap ${gap} (${tried})`);
  const rateAt = (niceGap: number) => fmt(probes.find((p) => p.niceGap === niceGap)!.pps);
  const calibratedText =
    gap === null
      ? `; --parse-rate ${fmt(target)} slowed nothing: a blank page parsed the real packet at ${rateAt(0)}/s unhindered`
      : `; --parse-rate ${fmt(target)} chose it: a blank page parsed the real packet at ${rateAt(gap)}/s with it, ${rateAt(0)}/s unhindered`;
  return { slow: gap === null ? null : startSlowMachineAtGap(gap), calibratedText };
}

async function main(): Promise<void> {
  const server = await serveBuiltApp(DIST);
  const appUrl = server.url;
  const { slow, calibratedText } = await slowMachine();
  const browser = await PipeBrowser.launch(slow?.nice);
  const throttleText =
    CPU_THROTTLE > 1 ? `, the page's main thread CPU-throttled ${CPU_THROTTLE}× (CDP)` : "";
  const slowText = slow
    ? `, Chromium's normal-priority threads held to ~${fmt(slow.share * 100)} % of a core (a busy loop per core, ${slow.niceGap} nice level${slow.niceGap === 1 ? "" : "s"} above Chromium's threads)${calibratedText}`
    : calibratedText;
  const machine = `${coresText()}, Chromium ${browser.version()} headless (software rendering)${throttleText}${slowText}`;
  console.log(`machine: ${machine}`);
  const run = (rate: number, layout = benchLayout("2m"), extra = {}) =>
    runRate(browser, appUrl, {
      rate,
      layout,
      cpuThrottle: CPU_THROTTLE,
      measureMs: MEASURE_MS,
      webSocket: WEBSOCKET,
      ...extra,
    });
  try {
    if (PROFILE) {
      process.stdout.write(`profile at ${PROFILE_RATE} packets/s … `);
      const profiled = await run(PROFILE_RATE, benchLayout("2m"), {
        profile: true,
        count: false,
        measureMs: 5_000,
      });
      const text = profileTable(profiled.profile ?? []);
      console.log(`\n${text}\n`);
      if (!QUICK)
        await writeResultsSection("## Browser profile (npm run bench:browser -- --profile)", [
          `Measured ${today()} on ${machine}, build ${DIST}. Renderer main thread at ${fmt(PROFILE_RATE)} packets/s with 12 live plots × 4 series (2-minute window), 5 s of Chromium trace (devtools.timeline); each event's self time is charged to a category as bench/browserProfile.ts explains (rendering work to its own, JavaScript to what started it). Busy share in this run: ${fmt(profiled.busy * 100)} %.`,
          "",
          text,
        ]);
      return;
    }
    const results: RateResult[] = [];
    for (const rate of RATES) {
      process.stdout.write(`rate ${rate} packets/s … `);
      const result = await run(rate);
      results.push(result);
      console.log(
        `caught up after ${caughtUpText(result.caughtUpMs)}, fps ${fmt(result.fpsMedian, 1)}, busy ${fmt(result.busy * 100)} %, latency p95 ${fmt(result.latencyP95Ms)} ms, max ${fmt(result.latencyMaxMs)} ms, longest stall ${fmt(result.stallMaxMs)} ms, stored ${result.stored} / sent ${result.sent}, refresh slowed ${result.slowdowns}× (${result.slowReason}, now ×${fmt(result.cadenceFactor, 1)}), poll turnaround ${turnaroundText(result)}`,
      );
    }
    // Baseline in the same run: the same page and feed at 2,000/s without plots.
    process.stdout.write("baseline (no plots, 2000 packets/s) … ");
    const baseline = await run(2_000, { ...benchLayout("2m"), plots: [] });
    console.log(`main thread busy ${fmt(baseline.busy * 100)} %`);
    // A full hour of data in the window: 1,000 packets/s at 360× simulated speed.
    process.stdout.write("1-hour window … ");
    const hour = await run(1_000, benchLayout("1h"), { speedup: 360 });
    console.log(`plot update p95 ${fmt(hour.updateMsP95, 2)} ms`);
    // Two windows on one core, each showing 6 of the 12 plots, at the same 2,000/s.
    process.stdout.write("two windows × 6 plots, 2000 packets/s … ");
    const two = await runTwoWindows(browser, appUrl, {
      rate: 2_000,
      layout: benchLayout("2m"),
      measureMs: MEASURE_MS,
      webSocket: WEBSOCKET,
    });
    console.log(
      `${two.names.join(" / ")}: fps ${two.windows.map((w) => fmt(w.fpsMedian, 1)).join(" / ")}, busy ${two.windows.map((w) => `${fmt(w.busy * 100)} %`).join(" / ")}, stored ${two.windows[0].stored} / sent ${two.windows[0].sent}`,
    );

    const search = SEARCH
      ? await findMaxRate((rate, plots) =>
          run(rate, plots ? benchLayout("2m") : { ...benchLayout("2m"), plots: [] }, {
            measureMs: 5_000,
            count: false,
          }),
        )
      : null;

    const hourLine =
      `Plot update with a 1-hour window (12 plots × 4 series, 1,000 packets/s at 360× simulated time): ` +
      `median ${fmt(hour.updateMsMedian, 2)} ms, p95 ${fmt(hour.updateMsP95, 2)} ms, max ${fmt(hour.updateMsMax, 2)} ms ` +
      `time per plot per update: in the render worker for a live plot in its hands (tail joined to the window, then painted), on the main thread otherwise (worker series → uPlot when its axes change → the picture sent to the render worker); budget ≤ 1 ms.`;
    const text = table([...results, baseline, ...two.windows]);
    const at2000 = results.find((r) => r.rate === 2_000);
    const at100 = results.find((r) => r.rate === 100);
    const parsePps = median(results.map((r) => r.parsePps));
    const ratioLine = at2000
      ? `Against the baseline at 2,000 packets/s, the 12 live plots take the main thread from ${fmt(baseline.busy * 100)} % to ${fmt(at2000.busy * 100)} % busy (${fmt(at2000.busy / baseline.busy, 1)}×; budget ≤ 2×). At 100 packets/s: ${fmt((at100?.busy ?? NaN) * 100)} % (budget ≤ 25 %).`
      : "";
    const twoBusy = worseOf(
      two.windows.map((w) => w.busy),
      Math.max,
    );
    const twoLine = `Two windows of one profile on the shared core at 2,000 packets/s, each showing 6 of the 12 plots (${two.names.join(" and ")}${two.names[1] === "Window 2" ? "" : ": NOT one shared core"}), measured at the same time: the busier main thread ${fmt(twoBusy * 100)} % (${fmt(twoBusy / baseline.busy, 1)}× the baseline; budget ≤ 2×); the same budgets as one window ${twoWindowsHold(two, baseline.busy) ? "held" : "NOT held"} (fps median ≥ 55, no long task, latency p95 ≤ 100 ms and no stall over ${STALL_BUDGET_MS} ms in each window; stored = sent by the one core).`;
    const pollLine = WEBSOCKET
      ? ""
      : `Long-polling, seen at the feed server while measured (feed-server/pollLog.ts): the browser's turnaround, from an answer going out to the next GET arriving, while packets wait at the backend: ${turnaroundText(at2000)} with one window at 2,000 packets/s, ${turnaroundText(two.windows[0])} with two windows (one core, one link).`;
    const parseLine = `JSON.parse of the real-shaped packet on the renderer's main thread during the runs: ${fmt(parsePps)} packets/s (the issue's slow machine: 18,600/s; the machine of the first recording: 45,800/s).`;
    const searchLine = search
      ? `Highest sustained rate with every budget held (fps median ≥ 55, no long task, latency p95 ≤ 100 ms with plots, the worker keeping up with the socket, the feed sending at least ${fmt(DELIVERED_SHARE * 100)} % of the rate; ${search.probes} probes of 5 s): ${fmt(search.withPlots)} packets/s with the 12 plots, ${fmt(search.withoutPlots)} packets/s without plots${search.capped ? ` (the search stops at the feed server's ceiling, ${fmt(SEARCH_CAP)} packets/s)` : ""}.`
      : "";
    console.log(
      `\n${text}\n\n${ratioLine}\n\n${twoLine}\n\n${pollLine}\n\n${hourLine}\n\n${parseLine}\n\n${searchLine}\n`,
    );
    if (!QUICK)
      await writeResultsSection(
        `## Browser${emulatedText}${WEBSOCKET ? " over a WebSocket" : ""} (npm run bench:browser${optionsText})`,
        [
          `Measured ${today()} on ${machine}. The built app on /plots with 12 live plots of 4 series (2-minute window, ${VIEWPORT.width}×${VIEWPORT.height}), fed over Socket.IO ${transportText} by the feed server; ${MEASURE_MS / 1000} s measured per rate once the page has caught up: at least ${WARMUP_MS / 1000} s after load, then until the worker stores at the feed's rate (±${CAUGHT_UP_TOLERANCE * 100} %, at least ±${CAUGHT_UP_PACKETS} packets) over ${CAUGHT_UP_WINDOWS} seconds in a row, at most ${CATCH_UP_LIMIT_MS / 1000} s after load ("caught up after": from load; a page connecting to a feed already at full rate starts behind, its start-up taking the CPU while packets queue, and drains that backlog with the CPU it can spare; "never": measured as it was at ${CATCH_UP_LIMIT_MS / 1000} s). Latency: packet TimeStamp (stamped with the wall clock as the feed emits it) → the picture that first shows it: painted by the render worker on its own for live plots handed to it (workers/render/LivePlots.ts), or sent to be drawn by the main thread's animation frame otherwise; over every packet (time-weighted, so the wait for the next refresh counts). Busy counts only what the main thread still does for the plots. Fps: animation frames probed for 3 s after each measurement at the same load (bench/browserPage.ts probeFrames), apart from busy, since the probe itself asks for every frame and the plots no longer do while the render worker refreshes them. Busy: renderer main-thread task time (CDP TaskDuration) per wall second. Chromium is driven over its DevTools pipe with only Page, Runtime, Performance and Emulation (bench/pipeBrowser.ts): no Network instrumentation, which under Playwright reported every WebSocket frame to the driver and, at 2,000 packets/s, cost the browser process ~30 % of a core, the driver ~20 % and slowed the telemetry worker (runs before 2026-11-23 were measured that way). Stored: the worker's accepted counter; sent: packets the feed emitted; both over a further ${COUNT_MS / 1000} s at the same rate between two points where the feed is held quiet.`,
          "",
          text,
          "",
          ratioLine,
          "",
          twoLine,
          "",
          pollLine,
          "",
          hourLine,
          "",
          parseLine,
          "",
          searchLine,
          "",
          "Budgets at 2,000 packets/s: fps median ≥ 55, no long task over 50 ms, latency p95 ≤ 100 ms, stored = sent; main thread busy ≤ 2× the no-plots baseline, ≤ 25 % at 100 packets/s. At 5,000 packets/s: latency p95 ≤ 1 s, stored = sent. Two windows × 6 plots at 2,000 packets/s: the 2,000 budgets in each window (busy against the same baseline).",
        ],
      );
    if (at2000)
      console.log(
        `RESULT rate=2000 fps_median=${Math.round(at2000.fpsMedian)} long_tasks=${at2000.longTasks} latency_p95_ms=${Math.round(at2000.latencyP95Ms)} stall_max_ms=${Math.round(at2000.stallMaxMs)} stored=${at2000.stored} sent=${at2000.sent} busy_pct=${Math.round(at2000.busy * 100)} baseline_busy_pct=${Math.round(baseline.busy * 100)} busy_100_pct=${Math.round((at100?.busy ?? NaN) * 100)} max_rate_plots=${search?.withPlots ?? "NaN"} max_rate_no_plots=${search?.withoutPlots ?? "NaN"} parse_pps=${Math.round(parsePps)} ${twoWindowsResult(two, baseline.busy)}`,
      );
  } finally {
    await browser.close();
    await server.close();
    await slow?.stop();
  }
}

/** The two-window case's RESULT keys: each figure at its worse window. */
function twoWindowsResult(two: Awaited<ReturnType<typeof runTwoWindows>>, baselineBusy: number) {
  const [a, b] = two.windows;
  const busy = worseOf([a.busy, b.busy], Math.max);
  return [
    `two_windows_shared=${two.names[0] === "Window 1" && two.names[1] === "Window 2" ? 1 : 0}`,
    `two_windows_fps_median=${Math.round(worseOf([a.fpsMedian, b.fpsMedian], Math.min))}`,
    `two_windows_long_tasks=${a.longTasks + b.longTasks}`,
    `two_windows_latency_p95_ms=${Math.round(worseOf([a.latencyP95Ms, b.latencyP95Ms], Math.max))}`,
    `two_windows_stall_max_ms=${Math.round(worseOf([a.stallMaxMs, b.stallMaxMs], Math.max))}`,
    `two_windows_stored=${a.stored} two_windows_sent=${a.sent}`,
    `two_windows_busy_pct=${Math.round(busy * 100)}`,
    `two_windows_busy_ratio=${(busy / baselineBusy).toFixed(1)}`,
    `two_windows_budgets=${twoWindowsHold(two, baselineBusy) ? "held" : "missed"}`,
  ].join(" ");
}

const today = () => new Date().toISOString().slice(0, 10);

await main();
