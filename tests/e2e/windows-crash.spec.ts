// Several windows, one core (issue 38): the shared core runs in the process of
// the tab that started it. When that tab crashes, the other windows must not
// freeze on their last numbers as if live: each says the core does not answer,
// finds its line dead, reloads to start the core again, says why, and is live.
import { expect, test, type Page } from "@playwright/test";
import { CORE_TEXTS } from "../../src/shell/wiring/coreWatch";
import { NO_BACKEND_URL } from "./e2e-env";
import { acceptedCount } from "./recordedRows";

test.setTimeout(90_000);

async function openLive(page: Page): Promise<void> {
  await page.goto(`/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("status-rate")).toHaveText(/[1-9][\d.]* pkt\/s/, {
    timeout: 20_000,
  });
}

test("the tab running the shared core crashes: the other window says so, reloads and is live again", async ({
  context,
}) => {
  const host = await context.newPage();
  await openLive(host);
  const other = await context.newPage();
  await openLive(other);
  await other.keyboard.press("d");
  await expect(other.getByTestId("diag-windows")).toHaveText(/^2 windows share one core/);
  await other.keyboard.press("Escape");

  const cdp = await context.newCDPSession(host);
  const crashedAt = Date.now();
  void cdp.send("Page.crash").catch(() => undefined);
  // After the silence (10 s) the status bar says the numbers are not live; a
  // core answers on a second line at once, so the window reloads to start it
  // again (the marker shows only for that moment) and says why.
  await expect(other.getByText(CORE_TEXTS.reloaded)).toBeVisible({ timeout: 30_000 });
  await expect(other.getByTestId("status-core-line")).toHaveCount(0);
  await other.screenshot({ path: "test-results/windows-crash-reloaded.png" });
  await other.keyboard.press("d");
  await expect(other.getByTestId("diag-windows")).toHaveText(/^1 window uses one core/);
  const before = await acceptedCount(other);
  await expect.poll(() => acceptedCount(other), { timeout: 10_000 }).toBeGreaterThan(before + 20);
  // Not live for the silence and a reload, not for good.
  expect(Date.now() - crashedAt).toBeLessThan(40_000);
});

test("a core that is busy for 15 s: the status bar says the numbers are not live, then that they are again", async ({
  page,
}) => {
  // A core of its own (a dedicated worker Playwright can reach), kept busy.
  await page.goto(`/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20&sharedCore=0`);
  await expect(page.getByTestId("status-rate")).toHaveText(/[1-9][\d.]* pkt\/s/, {
    timeout: 30_000,
  });
  const core = page.workers().find((worker) => worker.url().includes("telemetry.worker"));
  expect(core, "the core's dedicated worker").toBeDefined();
  void core!.evaluate(() => {
    const end = Date.now() + 15_000;
    while (Date.now() < end);
  });
  await expect(page.getByTestId("status-core-line")).toHaveText("Core busy: not live", {
    timeout: 20_000,
  });
  await expect(page.getByText(CORE_TEXTS.silent)).toBeVisible();
  await page.screenshot({ path: "test-results/windows-core-busy.png" });
  // Busy, not gone: no reload, and live again once it answers.
  await expect(page.getByText(CORE_TEXTS.back)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("status-core-line")).toHaveCount(0);
  await expect(page.getByText(CORE_TEXTS.reloaded)).toHaveCount(0);
});
