// Waits for a demo day (?demoDay=N) to be built, as a person would see it:
// the status bar's history holds the day's rows and its "Building a demo
// day" note is gone. The note alone is not enough: just after a page load
// the status bar has not shown it yet, so its absence says nothing then.
import { expect, type Page } from "@playwright/test";

/** The demo car's own rate while a day is built (sources/DemoSource.ts). */
const DAY_RATE = 10;

/** Rows the status bar shows in the history ("123,456 / …"). */
export async function historyRows(page: Page): Promise<number> {
  const text = (await page.getByTestId("status-history").textContent()) ?? "";
  return Number(/([\d,]+)\s*\//.exec(text)?.[1]?.replace(/,/g, "") ?? 0);
}

export async function waitForDemoDay(page: Page, hours: number): Promise<void> {
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(() => historyRows(page), { timeout: 150_000 })
    .toBeGreaterThanOrEqual(hours * 3600 * DAY_RATE);
  await expect(page.getByTestId("status-demo-day")).toHaveCount(0);
}
