// The shared core's helpers and the core itself under faults (issue 58, items
// 12 and 13), two windows recording DEMO at 100 packets/s: each fault is said
// in every window within its stated time, a new worker takes over, and the
// recording goes on in the same session with what was lost said.
import { expect, test, type Page } from "@playwright/test";
import { STORAGE_LOST_TEXT } from "../../workers/telemetry/sessions/Sessions";
import {
  browserSession,
  closeSharedWorker,
  firstSeen,
  missingPackets,
  watchTexts,
} from "./faultProbes";
import { acceptedCount, readRecording } from "./recordedRows";

const RATE = 100;

async function openDemo(page: Page): Promise<void> {
  await page.goto(`/?offline=1&demoRate=${RATE}`);
  await expect.poll(() => acceptedCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
}

/** Seconds from `since` to when each page first showed `text`. */
async function secondsToNotice(pages: Page[], text: string, since: number): Promise<number[]> {
  for (const page of pages)
    await expect.poll(() => firstSeen(page, text), { timeout: 10_000 }).not.toBeNull();
  return Promise.all(pages.map(async (page) => ((await firstSeen(page, text))! - since) / 1000));
}

test("the storage worker is closed: every window says so within 2 s, a new one takes over, and the session goes on with nothing lost", async ({
  browser,
  context,
}) => {
  test.setTimeout(90_000);
  const windows = [await context.newPage(), await context.newPage()];
  for (const page of windows) await openDemo(page);
  await windows[0]!.waitForTimeout(3_000); // a few chunks stored
  const before = (await readRecording(windows[0]!)).sessions.map((s) => s.id);
  expect(before, "one session before the fault").toHaveLength(1);
  const back = "A new storage worker took over";
  for (const page of windows) await watchTexts(page, [STORAGE_LOST_TEXT, back]);

  const cdp = await browserSession(browser);
  const closedAt = Date.now();
  await closeSharedWorker(cdp, "helios-storage");
  const noticed = await secondsToNotice(windows, STORAGE_LOST_TEXT, closedAt);
  console.log(`storage worker closed: noticed after ${noticed.join(", ")} s`);
  for (const s of noticed) expect(s, "s to the notice").toBeLessThanOrEqual(2);
  await expect.poll(() => firstSeen(windows[1]!, back), { timeout: 20_000 }).not.toBeNull();

  // The same session goes on, every packet once and in order.
  const accepted = await acceptedCount(windows[0]!);
  await windows[0]!.waitForTimeout(2_500);
  const after = (await readRecording(windows[0]!)).sessions;
  expect(after.map((s) => s.id)).toEqual(before);
  const lost = missingPackets(after[0]!.times, 1 / RATE);
  console.log(`storage worker closed: ${lost} packets lost`);
  expect(after[0]!.rows).toBeGreaterThanOrEqual(accepted);
  expect(lost).toBe(0);
});
