// A reload at the track, and another: each restores the whole recorded day,
// not only the minutes since the reload before (a reload starts the demo car
// in a session of its own: dayRestore.ts restoreChain).
import { expect, test, type Page } from "@playwright/test";
import { historyRows, waitForDemoDay } from "./demoDay";
import { NO_BACKEND_URL } from "./e2e-env";

test.setTimeout(240_000);

const HOURS = 0.25;
const DAY_ROWS = HOURS * 3600 * 10;
const query = `backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10`;

/** Opens the app again (no demo day asked) and waits until the restore is over. */
async function reopen(page: Page): Promise<number> {
  await page.goto(`/plots?${query}`);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("status-restore")).toHaveCount(0, { timeout: 60_000 });
  return historyRows(page);
}

test("a second reload still restores the whole day", async ({ page }) => {
  await page.goto(`/plots?${query}&demoDay=${HOURS}`);
  await waitForDemoDay(page, HOURS);
  await page.waitForTimeout(2500); // the recorder's last chunks of the day are written
  const first = await reopen(page);
  expect(first).toBeGreaterThanOrEqual(DAY_ROWS);
  await page.waitForTimeout(2500);
  const second = await reopen(page);
  expect(second).toBeGreaterThanOrEqual(first);
  await page.keyboard.press("r"); // the Sessions tab
  // The day, and a session for each reload's new demo car: all three restored.
  await expect(page.getByTestId("session-row")).toHaveCount(3, { timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("reload-twice-sessions.png") });
});
