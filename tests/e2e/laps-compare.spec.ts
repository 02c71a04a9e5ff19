// Comparing laps in Chromium against the real worker: two DEMO laps of a
// built demo stretch (?demoDay) picked in the Laps tab and compared by
// distance (both lines, the delta and its value at the cursor, every lap's
// car on the map), and, after a reload, a lap of the recorded session
// compared with a live one.
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

test.setTimeout(150_000);

// A script error in the page (a blank compare view) fails the test with its message.
test.beforeEach(({ page }) => {
  page.on("pageerror", (error) => {
    throw error;
  });
});

/** 0.25 h of demo driving, built at once: about four laps of the demo track. */
const DAY = "&demoDay=0.25";

async function openWithLaps(page: Page, record: boolean): Promise<void> {
  await gotoPastLoading(
    page,
    `/laps?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10&record=${record ? 1 : 0}${DAY}`,
  );
  await expect(page.getByTestId("status-connection-type")).toContainText("DEMO", {
    timeout: 30_000,
  });
  await expect
    .poll(() => page.getByTestId("lap-row").count(), { timeout: 90_000 })
    .toBeGreaterThanOrEqual(3);
}

/**
 * Ticks the nth lap's compare box. The live list grows while DEMO drives (a
 * new lap shifts the rows), so the box is found again by its lap's label:
 * the nth row at the click may be another lap at the check.
 */
async function pickLap(page: Page, n: number): Promise<void> {
  const label = await page.getByTestId("lap-pick").nth(n).getAttribute("aria-label");
  expect(label).toMatch(/^Compare lap \d+$/);
  await page.getByRole("checkbox", { name: label!, exact: true }).check({ force: true });
}

/** Lines drawn in a plot's canvas: coloured pixels of each series colour. */
async function coloursIn(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .first()
    .evaluate((element) => {
      const canvas = element.querySelector("canvas")!;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
        // Saturated pixels only: the series, not the grey axes and grid.
        if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 90)
          seen.add(`${r >> 5},${g >> 5},${b >> 5}`);
      }
      return seen.size;
    });
}

test("compares two DEMO laps: both lines, the delta and every lap's car at the cursor", async ({
  page,
}) => {
  await openWithLaps(page, false);
  await expect(page.getByTestId("laps-compare")).toBeDisabled();
  await pickLap(page, 1);
  await pickLap(page, 2);
  await expect(page.getByTestId("laps-compare")).toHaveText("Compare (2)");
  await page.getByTestId("laps-compare").click();
  await expect(page.getByTestId("panel-lap-compare")).toBeVisible();
  await expect(page.getByTestId("compare-lap")).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId("compare-error")).toHaveCount(0);
  // Speed and pack power by default, then the delta.
  await expect(page.getByTestId("compare-plot")).toHaveCount(2);
  await expect(page.getByTestId("compare-delta-plot")).toHaveCount(1);
  await expect(page.getByTestId("compare-lap").first()).toContainText(/^Lap 2 · \d:\d\d\.\d · /);
  // One lap is the reference, the other has a signed delta at the finish.
  const deltas = page.getByTestId("compare-delta");
  await expect(page.getByTestId("compare-delta-where")).toHaveText("Delta at the finish");
  await expect(deltas.filter({ hasText: /^[+−±]\d+\.\d\d s$/ })).toHaveCount(1);
  // Both laps' lines: two series colours in the speed plot and in the delta plot.
  expect(await coloursIn(page, "compare-plot")).toBeGreaterThanOrEqual(2);
  expect(await coloursIn(page, "compare-delta-plot")).toBeGreaterThanOrEqual(1);
  // The distance axis in km (metric): the x axis label says so.
  await expect(page.getByTestId("compare-plot").first()).toContainText("Distance (km)");
  // Hover the middle of the delta plot: the value there, and both cars on the map.
  const over = page.getByTestId("compare-delta-plot").locator(".u-over");
  const box = (await over.boundingBox())!;
  // hover() scrolls the plot into view and aims at the point where it is then.
  await over.hover({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(page.getByTestId("compare-delta-where")).toHaveText(/^Delta at \d\.\d\d km$/);
  await expect(page.locator(".helios-compare-marker")).toHaveCount(2);
  await page.screenshot({ path: "/tmp/lap-compare/compare-demo.png", fullPage: true });
  // The comparison as a CSV, by distance.
  const download = page.waitForEvent("download");
  await page.getByTestId("compare-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^laps-compare-.*\.csv$/);
});

test("after a reload, a lap of the recorded session is compared with a live one", async ({
  page,
}) => {
  await openWithLaps(page, true);
  // Let the recorder write the built stretch, then reload (without building
  // another): the live history comes back from the recording, and the
  // recording goes on as a new session.
  await page.waitForTimeout(5000);
  await reloadPastLoading(
    page,
    `/laps?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=10&record=1`,
  );
  await expect(page.getByTestId("status-connection-type")).toContainText("DEMO", {
    timeout: 30_000,
  });
  await expect
    .poll(() => page.getByTestId("lap-row").count(), { timeout: 90_000 })
    .toBeGreaterThanOrEqual(2);
  await pickLap(page, 1);
  await expect(page.getByTestId("laps-compare")).toHaveText("Compare (1)");
  await page.getByTestId("laps-compare").click();
  await expect(page.getByTestId("compare-empty")).toBeVisible();
  // Add a lap of the recorded session.
  await page.getByTestId("compare-add-session").click();
  const sessions = page.getByTestId("compare-session");
  const values = await sessions
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  expect(values.length).toBeGreaterThanOrEqual(1);
  // The session recorded before the reload is the one with laps (the new one has none yet).
  const sessionLaps = page.getByTestId("compare-session-lap");
  let found = false;
  for (const value of values) {
    await sessions.selectOption(value);
    found = await sessionLaps
      .nth(2)
      .waitFor({ timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    if (found) break;
  }
  expect(found).toBe(true);
  const sessionName = await sessions.locator("option:checked").innerText();
  // The label, not the hidden input with force: the popover moves while its
  // list grows, and a forced click (no wait for it to stand still) can miss.
  const sessionLap = sessionLaps.nth(2);
  await sessionLap.locator("label").click();
  await expect(sessionLap.locator("input")).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("compare-lap")).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId("compare-error")).toHaveCount(0);
  // One lap is the live history's, the other names its session.
  const laps = page.getByTestId("compare-lap");
  await expect(laps.filter({ hasText: sessionName })).toHaveCount(1);
  expect(await coloursIn(page, "compare-plot")).toBeGreaterThanOrEqual(2);
  await expect(
    page.getByTestId("compare-delta").filter({ hasText: /^[+−±]\d+\.\d\d s$/ }),
  ).toHaveCount(1);
  await page.screenshot({ path: "/tmp/lap-compare/compare-session.png", fullPage: true });
});
