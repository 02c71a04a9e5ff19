// Shared steps for the shell's browser tests.
import { expect, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";

export const T0 = new Date("2026-07-01T10:00:00Z");

/** Spec §4 with no backend: forced off at 5 s, ready 3 s later, removed 0.8 s after. */
export const DEMO_SCREEN_GONE_MS = 5000 + 3000 + 800;

/** The fake clock stops here; T0 plus a margin, since real time runs on after install(). */
export const PAUSED_AT = new Date(T0.getTime() + 1000);

/** Fake page clock, paused from the first script on: time moves only when a test says so. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(PAUSED_AT);
}

export function appUrl(path = "/", params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ backend: NO_BACKEND_URL, ...params });
  return `${path}?${search}`;
}

/** Open the app without a backend and run the clock past the loading screen. */
export async function openPastLoading(page: Page, path = "/", params: Record<string, string> = {}) {
  await pauseClock(page);
  await page.goto(appUrl(path, params));
  await expect(page.getByTestId("loading-screen")).toBeVisible();
  await page.clock.runFor(DEMO_SCREEN_GONE_MS);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0);
}

/**
 * Close the open dialog with Escape as a person would: once it has taken the
 * focus. Blueprint moves the focus in on the next animation frame and hears
 * Escape only there, so on a busy page a key pressed the moment the dialog's
 * text shows can be lost (seen: the hotkeys dialog stayed open and covered the
 * page). Needs a running clock (not pauseClock's): frames must come.
 */
export async function closeDialogWithEscape(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.activeElement?.closest(".bp6-overlay-open")?.querySelector(".bp6-dialog") != null,
  );
  await page.keyboard.press("Escape");
  await expect(page.locator(".bp6-dialog")).toHaveCount(0);
}

/**
 * Opens `url` and runs the page's clock past the loading screen (about 9 s with
 * no backend, SPEC §4) rather than waiting it out: a test that is about what
 * follows spends no real time on it. The page's clock is installed that long in
 * the past and flows on, so after the jump it reads real time again: the page
 * and the workers (whose clocks are never faked) agree on "now".
 */
export async function gotoPastLoading(page: Page, url: string): Promise<void> {
  await page.clock.install({ time: Date.now() - DEMO_SCREEN_GONE_MS });
  await page.goto(url);
  await runPastLoading(page);
}

/**
 * Reloads a page opened with gotoPastLoading (or opens `url` in it), and runs
 * its clock past the loading screen again. The page's clock flows on across a
 * navigation, so it is set back by the screen's time first: the new document
 * starts as gotoPastLoading's did (the old one, unloading, sees it step back).
 */
export async function reloadPastLoading(page: Page, url?: string): Promise<void> {
  await page.clock.setSystemTime(Date.now() - DEMO_SCREEN_GONE_MS);
  if (url === undefined) await page.reload();
  else await page.goto(url);
  await runPastLoading(page);
}

/** The page's clock runs past the loading screen this far at a time, then waits this long. */
const STEP_MS = 1000;
const STEP_PAUSE_MS = 100;

async function runPastLoading(page: Page): Promise<void> {
  const screen = page.getByTestId("loading-screen");
  await expect(screen).toBeVisible({ timeout: 20_000 });
  // Run the page's clock up to real time: the screen's 8.8 s, the navigation's
  // own time (the page's clock starts with its document, not at install), and
  // the real time the jump itself takes (its timers fire as fast as they can).
  // In steps of a second, with real time between them for the core to answer:
  // the page's watch on it (src/shell/wiring/coreWatch.ts) reads a request
  // unanswered through 10 s of the page's clock as a silent core, and one jump
  // that long (9 s plus a slow navigation) toasted "not live" in a test.
  for (let step = 0; step < 100; step++) {
    const behind = Date.now() - (await page.evaluate(() => Date.now()));
    if (behind < 200) break;
    await page.clock.runFor(Math.min(Math.round(behind), STEP_MS));
    await page.waitForTimeout(STEP_PAUSE_MS);
  }
  await expect(screen).toHaveCount(0, { timeout: 20_000 });
  const skew = (await page.evaluate(() => Date.now())) - Date.now();
  expect(Math.abs(skew), "the page's clock reads real time again").toBeLessThan(1000);
}
