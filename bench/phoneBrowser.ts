// The pit view on a phone (bench:track; issue 63's budget: at 390 px the
// Overview reaches its first picture in ≤ 2 s, and the main thread's busy
// time at 10 packets/s is ≤ 1.2× the desktop's).
// - Phone: 390×844 at device scale 2, mobile and touch emulated (CDP
//   Emulation); desktop: the benchmarks' VIEWPORT (1920×1080). Each load is a fresh
//   browser context (an empty profile), the DEMO car at 10 packets/s.
// - First picture: navigation → the first frame in which an Overview tile
//   shows a live figure (a digit in `[data-field] .live-value`).
// - Busy: renderer main-thread task time (CDP TaskDuration) per wall second
//   over BUSY_MS, after WARMUP_MS. Phone and desktop loads alternate, so a
//   drift of the machine falls on both; medians.
import { median, medianOfAll, VIEWPORT } from "./browserRun";
import { PipeBrowser, type PipePage } from "./pipeBrowser";

export interface PhoneFigures {
  firstPictureMs: number;
  desktopFirstPictureMs: number;
  phoneBusy: number;
  desktopBusy: number;
  busyRatio: number;
}

const PHONE = { width: 390, height: 844 };
const WARMUP_MS = 5_000;
const BUSY_MS = 15_000;
const FIRST_LIMIT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Page init script: keeps the time of the first frame with a live figure on the Overview. */
function watchFirstFigure(): void {
  const w = window as unknown as { firstFigureMs?: number };
  const step = () => {
    const shown = Array.from(document.querySelectorAll("[data-field] .live-value")).some((e) =>
      /\d/.test(e.textContent ?? ""),
    );
    if (shown) w.firstFigureMs = performance.now();
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

async function phonePage(browser: PipeBrowser, phone: boolean): Promise<PipePage> {
  const size = phone ? PHONE : VIEWPORT;
  const page = await browser.newPage(size.width, size.height);
  if (phone) {
    await page.send("Emulation.setDeviceMetricsOverride", {
      ...size,
      deviceScaleFactor: 2,
      mobile: true,
    });
    await page.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  }
  await page.addInitScript("globalThis.__name = (f) => f;");
  await page.addInitScript(watchFirstFigure);
  await page.send("Performance.enable");
  return page;
}

async function taskSeconds(page: PipePage): Promise<number> {
  const { metrics } = (await page.send("Performance.getMetrics")) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
}

/** One load: ms to the first figure, and busy seconds per second after it. */
async function oneLoad(browser: PipeBrowser, appUrl: string, phone: boolean) {
  const page = await phonePage(browser, phone);
  try {
    await page.goto(`${appUrl}/?offline=1&demoRate=10`);
    const deadline = Date.now() + FIRST_LIMIT_MS;
    let firstMs: number | undefined;
    while (firstMs === undefined && Date.now() < deadline) {
      await sleep(100);
      firstMs = await page.evaluate(
        () => (window as unknown as { firstFigureMs?: number }).firstFigureMs,
      );
    }
    await sleep(WARMUP_MS);
    const busy0 = await taskSeconds(page);
    const wall0 = Date.now();
    await sleep(BUSY_MS);
    const busy = ((await taskSeconds(page)) - busy0) / ((Date.now() - wall0) / 1000);
    return { firstMs: firstMs ?? NaN, busy };
  } finally {
    await page.close();
  }
}

export async function measurePhone(
  appUrl: string,
  rounds: number,
  log: (line: string) => void,
): Promise<PhoneFigures> {
  const browser = await PipeBrowser.launch();
  const phone = { first: [] as number[], busy: [] as number[] };
  const desktop = { first: [] as number[], busy: [] as number[] };
  try {
    for (let i = 0; i < rounds; i++) {
      for (const onPhone of [true, false]) {
        const load = await oneLoad(browser, appUrl, onPhone);
        const into = onPhone ? phone : desktop;
        into.first.push(load.firstMs);
        into.busy.push(load.busy);
        log(
          `load ${i + 1}, ${onPhone ? "phone" : "desktop"}: first figure ${Math.round(load.firstMs)} ms, main thread busy ${(load.busy * 100).toFixed(1)} %`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return {
    firstPictureMs: medianOfAll(phone.first),
    desktopFirstPictureMs: medianOfAll(desktop.first),
    phoneBusy: median(phone.busy),
    desktopBusy: median(desktop.busy),
    busyRatio: median(phone.busy) / median(desktop.busy),
  };
}
