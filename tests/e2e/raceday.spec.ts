// A race day built up at high speed (?demoDay=3: 3 h of DEMO driving at
// 10 packets/s, ending now), in Chromium against the real worker: the
// settings state what the history holds, a lap from the morning exports every
// row, the map's trail reaches back to the morning, "Today" shows the morning
// and a zoom into one of its minutes draws every packet.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { timeTodayInZone, TRACK_TIME_ZONE } from "../../workers/shared/dateTime";
import { waitForDemoDay } from "./demoDay";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading } from "./shell-helpers";

test.use({ timezoneId: "UTC" });
test.setTimeout(180_000);

const HOURS = 3;

/**
 * Opens the app with a built demo day; the start of that day (epoch s). With
 * `demoClock` ("14:00" at the track) the day ends then rather than now, so it
 * never spans midnight whatever the hour the tests run at.
 */
async function openDay(
  page: Page,
  demoClock?: { hours: number; minutes: number },
): Promise<number> {
  const end = demoClock
    ? timeTodayInZone(demoClock.hours, demoClock.minutes, Date.now(), TRACK_TIME_ZONE) / 1000
    : Date.now() / 1000;
  const dayFrom = end - HOURS * 3600;
  const clock = demoClock
    ? `&demoClock=${demoClock.hours}:${String(demoClock.minutes).padStart(2, "0")}`
    : "";
  await gotoPastLoading(
    page,
    `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10&record=0&demoDay=${HOURS}${clock}`,
  );
  // The day is built in the worker while the page stays usable, then goes on live.
  await expect(page.getByTestId("status-demo-day")).toContainText(
    `Building a demo day (${HOURS} h):`,
  );
  await waitForDemoDay(page, HOURS);
  await expect(page.getByTestId("status-connection-type")).toContainText("DEMO");
  return dayFrom;
}

test("a built day: the settings state it, a morning lap exports every row, the map reaches the morning", async ({
  page,
}) => {
  const dayFrom = await openDay(page);

  // Settings → History: the whole day fits, in words and MB.
  await page.keyboard.press("s");
  const settings = page.getByRole("dialog", { name: "Settings" });
  await expect(settings.getByTestId("history-holds")).toHaveText(
    // 700 B a packet as recorded, plus 8 B for each of the 8 starter math channels
    // and for each of the 3 lap energy totals.
    "Holds 9.6 h at 10 packets/s (345,600 packets), 272 MB in memory.",
  );
  await expect(settings.getByTestId("history-now")).toHaveText(
    /^Now: 3 h 0\d min, from \d\d:\d\d to \d\d:\d\d C[SD]T \([\d,]+ packets\)\.$/,
  );
  await expect(settings.getByTestId("history-rate-warning")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Export CSV → One lap: the first lap of the day, from the morning.
  await page.keyboard.press("e");
  const dialog = page.getByRole("dialog", { name: "Export CSV" });
  // Blueprint draws the radio's indicator over the input: check it as a click on its label would.
  await dialog.locator('input[type=radio][value="lap"]').check({ force: true });
  const downloadPromise = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloadPromise;
  const text = readFileSync((await download.path())!, "utf8");
  const [header, ...rows] = Papa.parse<string[]>(text.trimEnd()).data;
  expect(header![1]).toBe("Time (epoch ms)");
  const times = rows.map((row) => Number(row[1]));
  await expect(page.getByTestId("csv-message")).toContainText(
    `Exported ${rows.length.toLocaleString("en-US")} rows`,
  );
  // A lap of the morning: it began within the day's first hour…
  expect(times[0]! / 1000).toBeGreaterThanOrEqual(dayFrom - 5);
  expect(times[0]! / 1000).toBeLessThan(dayFrom + 3600);
  // …and every row of it is there: a lap of minutes, 10 rows a second, no gap.
  expect(rows.length).toBeGreaterThan(600);
  const gaps = times.slice(1).filter((t, i) => t - times[i]! > 150);
  expect(gaps).toEqual([]);
  expect(rows.length).toBe(Math.round((times.at(-1)! - times[0]!) / 100) + 1);
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(dialog).toHaveCount(0);

  // The map draws the whole day's track: its oldest point is from the morning.
  await page.getByTestId("tab-map").click();
  const points = page.getByTestId("map-points");
  await expect
    .poll(async () => Number((await points.getAttribute("data-from")) ?? NaN), { timeout: 30_000 })
    .toBeLessThan(dayFrom + 600);
  expect(Number(await points.getAttribute("data-from"))).toBeGreaterThanOrEqual(dayFrom - 5);
});

test("a built day: Today shows the morning, and a zoom into a morning minute draws every packet", async ({
  page,
}) => {
  // 11:00–14:00 at the track is within one day there: "Today" (from midnight on
  // the race's clock, as times are shown) holds it.
  const dayFrom = await openDay(page, { hours: 14, minutes: 0 });
  await page.getByTestId("tab-plots").click();
  await page.getByRole("button", { name: "Today" }).click();
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  const speed = page.getByTestId("plots-panel").locator('[data-plot-id="speed"]');
  const over = speed.locator(".u-over");
  const time = speed.locator(".u-legend .u-series").first().locator(".u-value");
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  /**
   * The legend's time under the pointer at `share` of the plot's width, as
   * epoch s of today: it reads the race's clock (US Central, the default of
   * Settings → Show times in), not the browser's UTC.
   */
  const timeAt = async (share: number): Promise<number> => {
    await page.mouse.move(box.x + box.width * share, y);
    await expect(time).toHaveText(/^\d\d:\d\d:\d\d$/);
    const [h, m, sec] = (await time.textContent())!.split(":").map(Number);
    const midnight = timeTodayInZone(0, 0, dayFrom * 1000, TRACK_TIME_ZONE) / 1000;
    return midnight + h! * 3600 + m! * 60 + sec!;
  };
  // The day's 3 h fill its 4 h span from the left edge: the morning is on screen.
  await expect.poll(() => timeAt(0.01), { timeout: 20_000 }).toBeLessThan(dayFrom + 600);
  expect(await timeAt(0.01)).toBeGreaterThanOrEqual(dayFrom - 5);
  expect(await timeAt(0.7)).toBeGreaterThan(dayFrom + 2 * 3600);

  // Drag across ~1 % of the day near its start (about 2.4 min), then again
  // across half of that: a minute of the morning.
  const drag = async (from: number, to: number) => {
    await page.mouse.move(box.x + box.width * from, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to, y, { steps: 6 });
    await page.mouse.up();
  };
  await drag(0.05, 0.06);
  await expect(page.getByTestId("plots-mode")).toHaveText("Zoomed");
  await drag(0.25, 0.75);
  const left = await timeAt(0.02);
  const right = await timeAt(0.98);
  expect(right - left).toBeGreaterThan(40);
  expect(right - left).toBeLessThan(100);
  expect(left).toBeLessThan(dayFrom + 3600);
  // Every packet of that minute is drawn, not min/max buckets.
  await expect(speed.locator(".uplot")).toHaveAttribute("data-bucket-seconds", "0", {
    timeout: 10_000,
  });
});

test("?demoDay outside 0–24 h is ignored with a notice that says why", async ({ page }) => {
  await page.goto(`/?backend=${encodeURIComponent(NO_BACKEND_URL)}&record=0&demoDay=30`);
  await expect(page.getByText(/The demo day was not built: "\?demoDay=30"/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("status-demo-day")).toHaveCount(0);
});
