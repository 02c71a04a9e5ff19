// Several windows, one core (issue 38): the shared core runs in the process of
// the tab that started it. When that tab crashes, the other windows must not
// freeze on their last numbers as if live: each hears at once that the core
// is gone (its life lock is granted), says so, reloads to start the core
// again, says why, and is live; a DEMO recording goes on in the same session
// with the car where it stopped, and says what it did not record (issue 58,
// item 13).
import { expect, test, type Page } from "@playwright/test";
import { CORE_TEXTS } from "../../src/shell/wiring/coreWatch";
import { NO_BACKEND_URL } from "./e2e-env";
import { firstSeen, missingPackets, watchTexts } from "./faultProbes";
import { acceptedCount, readRecording } from "./recordedRows";

test.setTimeout(90_000);

const RATE = 100;

async function openLive(page: Page): Promise<void> {
  await page.goto(`/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=${RATE}`);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("status-rate")).toHaveText(/[1-9][\d.]* pkt\/s/, {
    timeout: 20_000,
  });
}

test("the tab running the shared core crashes: the other window says so within 3 s, reloads, is live again, and the DEMO session goes on", async ({
  context,
}) => {
  const host = await context.newPage();
  await openLive(host);
  const other = await context.newPage();
  await openLive(other);
  await other.keyboard.press("d");
  await expect(other.getByTestId("diag-windows")).toHaveText(/^2 windows share one core/);
  await other.keyboard.press("Escape");
  await other.waitForTimeout(2_000); // a few chunks stored
  const gapSaid = "nothing was recorded for";
  await watchTexts(other, [CORE_TEXTS.stopped, CORE_TEXTS.reloaded, gapSaid]);

  const cdp = await context.newCDPSession(host);
  const accepted = await acceptedCount(other);
  const crashedAt = Date.now();
  void cdp.send("Page.crash").catch(() => undefined);
  // The core's life lock is granted to the other window: it says so, then reloads.
  await expect.poll(() => firstSeen(other, CORE_TEXTS.stopped), { timeout: 10_000 }).not.toBeNull();
  const noticed = ((await firstSeen(other, CORE_TEXTS.stopped))! - crashedAt) / 1000;
  await expect(other.getByText(CORE_TEXTS.reloaded)).toBeVisible({ timeout: 30_000 });
  await expect(other.getByTestId("status-core-line")).toHaveCount(0);
  await expect.poll(() => firstSeen(other, gapSaid), { timeout: 15_000 }).not.toBeNull();
  await other.screenshot({ path: "test-results/windows-crash-reloaded.png" });
  await other.keyboard.press("d");
  await expect(other.getByTestId("diag-windows")).toHaveText(/^1 window uses one core/);
  await other.keyboard.press("Escape");
  const before = await acceptedCount(other);
  await expect.poll(() => acceptedCount(other), { timeout: 10_000 }).toBeGreaterThan(before + 20);
  const liveAgain = ((await firstSeen(other, CORE_TEXTS.reloaded))! - crashedAt) / 1000;

  // One DEMO session: the old core's packets, the restart's gap, the new car's packets.
  await other.waitForTimeout(1_500); // a flush
  const { sessions } = await readRecording(other);
  expect(sessions.map((s) => s.source)).toEqual(["DEMO"]);
  const times = sessions[0]!.times;
  // The restart's hole is the widest (a quick one can be under a second: still said).
  let gapAt = 1;
  for (let i = 2; i < times.length; i++)
    if (times[i]! - times[i - 1]! > times[gapAt]! - times[gapAt - 1]!) gapAt = i;
  expect(times[gapAt]! - times[gapAt - 1]!, "the restart's gap, s").toBeGreaterThan(0.1);
  const lost = Math.max(0, accepted - gapAt) + missingPackets(times.slice(0, gapAt), 1 / RATE);
  // DEMO packets carry the wall clock: the new car's first one is when data came again.
  const dataAgain = times[gapAt]! - crashedAt / 1000;
  console.log(
    `core killed: noticed after ${noticed.toFixed(2)} s, data again after ${dataAgain.toFixed(1)} s ` +
      `(said after the reload at ${liveAgain.toFixed(1)} s), ${lost} packets (${(lost / RATE).toFixed(2)} s) ` +
      `the old core had were not stored, gap ${(times[gapAt]! - times[gapAt - 1]!).toFixed(1)} s`,
  );
  expect(noticed, "s to the notice").toBeLessThanOrEqual(3);
  expect(lost / RATE, "s of the old core's packets not stored").toBeLessThanOrEqual(1);
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
