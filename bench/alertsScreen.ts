// Alert to screen (issue 34): in Chromium at 10 packets/s, from a packet's
// arrival to the status bar and a toast showing the alert it raised. The
// bench's own feed server injects a battery fault flag (a default critical
// rule, no minimum duration) for one second every few seconds, far enough
// apart that each alert gets a toast of its own (a toast lives 4 s). Each
// rising packet's send time is the feed's (its wall-clock TimeStamp); the
// page records when the status bar's alert count and a toast naming the
// fault change (a MutationObserver, wall clock). Feed and page share the
// machine's clock, and the socket on 127.0.0.1 adds well under a millisecond,
// so the send time stands for the arrival.
import type { Page } from "@playwright/test";
import { FeedServer } from "../feed-server/FeedServer";
import type { Injection } from "../feed-server/injection";
import { launchChromium, serveBuiltApp } from "./benchMachine";

const DIST = process.env.BENCH_DIST ?? "dist";
const FIELD = "BatteryFaults.Errors.CurrentSensorFault";
/** The fault's label in the one labels table: what the toast names. */
const LABEL = "Current Sensor Fault";
const FIRST_AT_S = 6;
export const EVERY_S = 5;
const ALERTS = Number(process.env.BENCH_ALERTS ?? 20);
const STATUS_SELECTOR = "[data-testid=status-alerts]";
const TOAST_SELECTOR = ".helios-toaster .bp6-toast";

export interface AlertToScreen {
  /** Per alert: ms from the rising packet's send to both status bar and toast showing it. */
  latencies: number[];
  p50: number;
  p95: number;
  /** Rising packets whose alert was not seen on screen within 5 s. */
  missed: number;
}

interface Seen {
  t: number;
  what: "status" | "toast";
  text: string;
}

/** Watches the status bar's alert count and the toasts, from the page's first script. */
const PROBE = `
  window.__alertSeen = [];
  const note = (what, text) => window.__alertSeen.push({ t: Date.now(), what, text });
  let lastStatus = null;
  new MutationObserver(() => {
    const status = document.querySelector(${JSON.stringify(STATUS_SELECTOR)});
    const text = status ? status.textContent : "";
    if (text !== lastStatus) { lastStatus = text; note("status", text); }
    for (const toast of document.querySelectorAll(${JSON.stringify(TOAST_SELECTOR)})) {
      if (toast.__alertText !== toast.textContent) {
        toast.__alertText = toast.textContent;
        note("toast", toast.textContent);
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

function injections(): Injection[] {
  return Array.from({ length: ALERTS }, (_, i) => ({
    atSeconds: FIRST_AT_S + i * EVERY_S,
    field: FIELD,
    value: true,
    forSeconds: 1,
  }));
}

/** Send times (ms) of the packets on which the fault rose. */
function risingSends(feed: FeedServer): number[] {
  const flag = (wire: unknown) =>
    (wire as { BatteryFaults?: { Errors?: Record<string, unknown> } }).BatteryFaults?.Errors?.[
      "CurrentSensorFault"
    ] === true;
  const out: number[] = [];
  let before = false;
  for (const sent of feed.sentLog) {
    const now = flag(sent.packet);
    if (now && !before) out.push(sent.time * 1000);
    before = now;
  }
  return out;
}

/** When a rising packet's alert was on screen: both the status bar had moved and a toast named it. */
function shownAt(seen: Seen[], sentMs: number): number {
  const first = (what: Seen["what"], test: (s: Seen) => boolean) =>
    seen.find((s) => s.what === what && s.t >= sentMs && test(s))?.t ?? NaN;
  const status = first("status", () => true);
  const toast = first("toast", (s) => s.text.includes(LABEL));
  return Math.max(status, toast);
}

export async function measureAlertToScreen(): Promise<AlertToScreen> {
  const app = await serveBuiltApp(DIST);
  const browser = await launchChromium();
  const feed = await FeedServer.start({
    port: 0,
    host: "127.0.0.1",
    rate: 10,
    carDropout: 0,
    wallClockTimestamps: true,
    startPaused: true,
    inject: injections(),
  });
  try {
    const page: Page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.addInitScript(PROBE);
    await page.goto(`${app.url}/?backend=${encodeURIComponent(feed.url)}`);
    await page.getByTestId("status-connection-type").filter({ hasText: "NETWORK" }).waitFor();
    feed.resume();
    const runMs = (FIRST_AT_S + ALERTS * EVERY_S + 3) * 1000;
    await page.waitForTimeout(runMs);
    const seen = (await page.evaluate("window.__alertSeen")) as Seen[];
    const latencies: number[] = [];
    let missed = 0;
    for (const sent of risingSends(feed)) {
      const at = shownAt(seen, sent);
      if (Number.isFinite(at) && at - sent < 5000) latencies.push(at - sent);
      else missed++;
    }
    return { latencies, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), missed };
  } finally {
    await feed.stop();
    await browser.close();
    await app.close();
  }
}
