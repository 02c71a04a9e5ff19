// A reload at the track, and another: each restores the whole recorded day,
// not only the minutes since the reload before (a reload starts the demo car
// in a session of its own: dayRestore.ts restoreChain).
import { expect, test, type Page } from "@playwright/test";
import { historyRows, waitForDemoDay } from "./demoDay";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

test.setTimeout(240_000);

const HOURS = 0.25;
const DAY_ROWS = HOURS * 3600 * 10;
const query = `backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10`;

/**
 * Opens the app again (no demo day asked) and waits until the restore has
 * brought back at least `rows` rows and is over. The restore starts after the
 * loading screen, so the rows are waited for, not only its notice's absence.
 */
async function reopen(page: Page, rows: number): Promise<number> {
  await reloadPastLoading(page, `/plots?${query}`);
  await expect.poll(() => historyRows(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(rows);
  await expect(page.getByTestId("status-restore")).toHaveCount(0, { timeout: 60_000 });
  return historyRows(page);
}

test("a second reload still restores the whole day", async ({ page }) => {
  await gotoPastLoading(page, `/plots?${query}&demoDay=${HOURS}`);
  await waitForDemoDay(page, HOURS);
  await page.waitForTimeout(2500); // the recorder's last chunks of the day are written
  const first = await reopen(page, DAY_ROWS);
  await page.waitForTimeout(2500);
  // Not only the minutes since the first reload: the day again, and those.
  await reopen(page, first);
  await page.keyboard.press("r"); // the Sessions tab
  // The day, and a session for each reload's new demo car: all three restored.
  await expect(page.getByTestId("session-row")).toHaveCount(3, { timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("reload-twice-sessions.png") });
});
