import { expect, test, type Page } from "@playwright/test";
import { FEED_URL, NO_BACKEND_URL } from "./e2e-env";
import { closeDialogWithEscape, gotoPastLoading, reloadPastLoading } from "./shell-helpers";

// Sessions: recording in the worker (IndexedDB of this browser context),
// restore after a reload, replay of a recorded session and of a backend range.
// Every test gets a fresh context, so IndexedDB starts empty.

const DEMO_URL = `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

async function historyLength(page: Page): Promise<number> {
  const text = (await page.getByTestId("status-history").textContent()) ?? "";
  const match = /History\s+([\d,]+)\s*\//.exec(text);
  return match ? Number(match[1]!.replace(/,/g, "")) : 0;
}

/** The time shown in a plot's legend with the cursor at `share` of its width. */
async function plotTimeAt(page: Page, share: number): Promise<string> {
  const over = page.locator('[data-plot-id="speed"] .u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
  const value = page
    .locator('[data-plot-id="speed"] .u-legend .u-series')
    .first()
    .locator(".u-value");
  await expect(value).toHaveText(/\d/);
  return (await value.textContent()) ?? "";
}

test("after 20 s of DEMO and a reload, the history counter and plots include the data from before", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await gotoPastLoading(page, DEMO_URL);
  await page.waitForTimeout(20_000);
  const before = await historyLength(page);
  expect(before).toBeGreaterThan(200);
  await reloadPastLoading(page, DEMO_URL.replace("/?", "/plots?"));
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-plot-id="speed"] .plot-series-layer')).toBeVisible();
  // The restore lands in front of the live packets once IndexedDB has answered
  // (seconds on a busy machine): at most ~1 s is lost at 20 packets/s.
  await expect
    .poll(() => historyLength(page), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(before - 25);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  await page.keyboard.press("Space"); // hold the plots still
  const oldest = await plotTimeAt(page, 0.01);
  const newest = await plotTimeAt(page, 0.99);
  // The plot spans the 20 s from before the reload, not only the seconds since.
  const seconds = (t: string) => {
    const [h, m, s] = t.trim().split(":").map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  expect(seconds(newest) - seconds(oldest)).toBeGreaterThanOrEqual(18);
  await page.screenshot({ path: "/tmp/wt8-restore.png" });
});

test("a reload in DEMO restarts the simulated car as a new session; the drive before stays listed whole", async ({
  page,
}) => {
  await gotoPastLoading(page, DEMO_URL);
  await page.waitForTimeout(6000);
  await reloadPastLoading(
    page,
    `/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`,
  );
  const rows = page.getByTestId("session-row");
  // The drive before the reload, then (once the new car's first second is written) the new one.
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await expect(rows.nth(0)).toContainText("DEMO");
  await expect(rows.nth(1)).toContainText("DEMO");
  const before = Number(
    (await rows.nth(1).getByTestId("session-packets").textContent())!.replace(/,/g, ""),
  );
  expect(before).toBeGreaterThan(10);
  // The new car's drive grows in its own row; the one before keeps its packets.
  await page.waitForTimeout(4000);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByTestId("session-packets")).toHaveText(
    before.toLocaleString("en-US"),
  );
});

test("replays a recorded session at 10x: values change and the scrubber moves", async ({
  page,
}) => {
  await gotoPastLoading(page, DEMO_URL);
  await page.waitForTimeout(8000);
  await reloadPastLoading(
    page,
    `/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`,
  );
  // The list is newest first: the 8 s drive is the oldest row (the reload began a new one).
  const row = page.getByTestId("session-row").last();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByTestId("session-replay").click();
  await expect(page.getByTestId("transport-bar")).toBeVisible();
  await expect(page.getByTestId("status-connection-type")).toContainText("PLAYBACK");
  // A recorded DEMO session is simulated data, and says so.
  await expect(page.getByTestId("transport-simulated")).toBeVisible();
  // The Battery tab shows the replay's first packet while paused at the start.
  await expect(page.getByTestId("transport-play")).toBeEnabled();
  await page.getByTestId("tab-battery").click();
  const voltage = page.locator('[data-field="Battery.PackVoltage"] .live-value').first();
  await expect(voltage).toHaveText(/\d/);
  // Every value on the tab: one alone (the pack voltage to 0.1 V) may end the
  // 8 s as it began.
  const values = page.locator(".live-value");
  const shown = async () => (await values.allTextContents()).join(" ");
  const first = await shown();
  const scrubber = page.getByTestId("transport-scrubber");
  const clock = page.getByTestId("transport-clock");
  const firstClock = await clock.textContent();
  await page.getByTestId("transport-speed").selectOption("10");
  await page.getByTestId("transport-play").click();
  // The ~8 s session plays in under a second at 10×: values and scrubber move.
  await expect
    .poll(async () => Number(await scrubber.inputValue()), { timeout: 10_000 })
    .toBeGreaterThan(100);
  await expect(clock).not.toHaveText(firstClock ?? "");
  await expect.poll(shown, { timeout: 10_000 }).not.toBe(first);
  await page.screenshot({ path: "/tmp/wt8-replay.png" });
  // Strings replay as recorded (the simulated driver's tag), not blank.
  await page.getByTestId("tab-gps").click();
  await expect(page.locator('tr[data-field="Pi.Rfid"]')).toContainText(/0x[0-9A-F]{8}/);
  // The tab and the playback shortcuts are in the `?` list.
  await page.keyboard.press("Shift+?");
  const help = page.locator(".bp6-hotkey-dialog");
  await expect(help).toContainText("Show Sessions");
  await expect(help).toContainText("Play / pause the replay");
  await closeDialogWithEscape(page);
  await page.getByTestId("transport-live").click();
  await expect(page.getByTestId("transport-bar")).toHaveCount(0);
  await expect(page.getByTestId("status-connection-type")).not.toContainText("PLAYBACK");
});

test("replays a range from the feed server", async ({ page }) => {
  await page.goto(`/sessions?backend=${encodeURIComponent(FEED_URL)}`);
  await expect(page.getByTestId("backend-span")).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(2000); // the feed server sends on; the span covers what it sent so far
  await page.getByTestId("backend-span-use").click();
  // The span fills the range; an end that is not after the start cannot be replayed.
  const start = page.getByLabel("Replay start time");
  const end = page.getByLabel("Replay end time");
  // To the second: the replay starts at the first packet, not up to 59 s before it.
  await expect(start).toHaveValue(/^\d\d:\d\d:\d\d$/);
  // The feed server has run since the suite began (a quarter of an hour of
  // packets by now): replay its last 20 s, a range whose size does not depend
  // on where this test falls in the run.
  const endValue = await end.inputValue();
  const [h, m, sec] = endValue.split(":").map(Number);
  const lastSeconds = Math.max(0, h! * 3600 + m! * 60 + sec! - 20);
  const clockText = (t: number) =>
    [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60]
      .map((n) => String(n).padStart(2, "0"))
      .join(":");
  if (lastSeconds > (await start.inputValue()).split(":").reduce((a, n) => a * 60 + Number(n), 0))
    await start.fill(clockText(lastSeconds));
  const startValue = await start.inputValue();
  await end.fill(await start.inputValue());
  await expect(page.getByText("The end time must be after the start time.")).toBeVisible();
  await expect(page.getByTestId("replay-backend-range")).toBeDisabled();
  // A time on a 12-hour clock is not read as one: the form says so, and nothing replays.
  await end.fill("11:59 PM");
  await expect(
    page.getByText('The end time "11:59 PM" is not a time: type it as HH:MM:SS, 24-hour'),
  ).toBeVisible();
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("replay-backend-range")).toBeDisabled();
  await end.fill(endValue);
  await expect(page.getByTestId("replay-backend-range")).toBeEnabled();
  await page.getByTestId("replay-backend-range").click();
  await expect(page.getByTestId("transport-bar")).toBeVisible();
  const clock = page.getByTestId("transport-clock");
  await expect(clock).toHaveText(/\d\d:\d\d:\d\d/, { timeout: 20_000 });
  // Loaded: the replay's packets are the history now, with no error.
  await expect(page.getByTestId("transport-play")).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId("replay-error")).toHaveCount(0);
  await expect(clock).toHaveText(startValue);
  expect(await historyLength(page)).toBeGreaterThan(20);
  // Read the shown pack voltage while paused, then play: the replayed packets
  // reach the panels and the scrubber moves (a short range ends within seconds).
  await page.getByTestId("tab-battery").click();
  const voltage = page.locator('[data-field="Battery.PackVoltage"] .live-value').first();
  await expect(voltage).toHaveText(/\d/);
  const v1 = await voltage.textContent();
  const scrubber = page.getByTestId("transport-scrubber");
  const at = Number(await scrubber.inputValue());
  await page.getByTestId("transport-speed").selectOption("10");
  await page.getByTestId("transport-play").click();
  await expect
    .poll(async () => Number(await scrubber.inputValue()), { timeout: 10_000 })
    .toBeGreaterThan(at);
  await expect.poll(() => voltage.textContent(), { timeout: 20_000 }).not.toBe(v1);
});

test("the recording switch stays off after a reload", async ({ page }) => {
  await gotoPastLoading(page, DEMO_URL);
  // A drive is recorded before the switch goes off: after the reload it must not grow.
  await page.keyboard.press("r");
  await expect(page.getByTestId("session-packets").first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press("s");
  const toggle = page.getByTestId("recording-switch");
  await expect(toggle).toBeChecked();
  await page.getByText("Record live data").click();
  await expect(toggle).not.toBeChecked();
  await reloadPastLoading(page);
  await page.keyboard.press("s");
  await expect(page.getByTestId("recording-switch")).not.toBeChecked();
  // The worker started with recording off: the recorded session stops growing.
  await closeDialogWithEscape(page);
  await page.keyboard.press("r");
  const packets = page.getByTestId("session-packets").first();
  await expect(packets).toBeVisible({ timeout: 20_000 });
  const before = await packets.textContent();
  await page.waitForTimeout(3000);
  await page.keyboard.press("1");
  await page.keyboard.press("r");
  await expect(page.getByTestId("session-packets").first()).toHaveText(before ?? "");
});

test("the recording keeps a one-row-a-second summary beside the chunks, a record a minute", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(DEMO_URL);
  // The summary a reload shows first: written by the storage worker once a minute of
  // packet time completes (so within about a minute of driving).
  const summaries = () =>
    page.evaluate(async () => {
      // Only once the app has created its database: opening it first would create an
      // empty one, and an open connection would hold up the app's own upgrade.
      const known = await indexedDB.databases();
      if (!known.some((d) => d.name === "helios-sessions" && (d.version ?? 0) >= 4)) return [];
      return new Promise<{ rows: number; times: number[] }[]>((resolve, reject) => {
        const open = indexedDB.open("helios-sessions");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction("summaries").objectStore("summaries").getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { count: number; t0: number; t1: number }[]).map((r) => ({
                rows: r.count,
                times: [r.t0, r.t1],
              })),
            );
          };
        };
      });
    });
  await expect.poll(async () => (await summaries()).length, { timeout: 90_000 }).toBeGreaterThan(0);
  const [first] = await summaries();
  // One row a second of the minute it covers, not the 20 packets a second the car sends.
  expect(first!.rows).toBeGreaterThan(0);
  expect(first!.rows).toBeLessThanOrEqual(60);
  expect(first!.times[1]! - first!.times[0]!).toBeLessThan(60);
  expect(Math.floor(first!.times[0]! / 60)).toBe(Math.floor(first!.times[1]! / 60));
});

test("on a phone the replay range's date, times and buttons fit the screen, wrapping as needed", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoPastLoading(page, `/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}`);
  const parts = [
    page.getByLabel("Replay date"),
    page.getByLabel("Replay start time"),
    page.getByLabel("Replay end time"),
    page.getByRole("button", { name: "From backend" }),
    page.getByRole("button", { name: "From recordings" }),
  ];
  for (const part of parts) {
    await part.scrollIntoViewIfNeeded();
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // A time is typed as the app writes it, 24-hour.
  await expect(parts[2]!).toHaveValue(/^\d\d:\d\d:\d\d$/);
  await page.screenshot({ path: "test-results/sessions-phone.png" });
});
