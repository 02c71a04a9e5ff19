// The Laps tab against feed servers of both backend generations: laps listed
// with dates in the current year and driver names, raceInfo shown, and a burst
// of laps coalesced into at most two toasts.
import { expect, test, type Page } from "@playwright/test";
import { FeedServer } from "../../feed-server/FeedServer";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading } from "./shell-helpers";

const toasts = (page: Page) => page.locator(".helios-toaster .bp6-toast");

async function openLaps(page: Page, server: FeedServer): Promise<void> {
  await page.goto(`/laps?backend=${encodeURIComponent(server.url)}`);
  await expect(page.getByTestId("status-connection-type")).toHaveText("NETWORK", {
    timeout: 20_000,
  });
}

for (const generation of ["2026-01", "2026-06"] as const) {
  test(`lists a ${generation} backend's laps with dates in the current year`, async ({ page }) => {
    const server = await FeedServer.start({ port: 0, rate: 5, seededLaps: 3, generation });
    try {
      await openLaps(page, server);
      const rows = page.getByTestId("lap-row");
      await expect(rows).toHaveCount(3, { timeout: 20_000 });
      await expect(page.getByTestId("laps-error")).toHaveCount(0);
      const year = String(new Date().getFullYear());
      // The app's one style: MM/DD/YYYY and a 24-hour time.
      for (const cell of await rows.locator('[data-col="endMs"]').all())
        await expect(cell).toHaveText(new RegExp(`^\\d\\d/\\d\\d/${year}, \\d\\d:\\d\\d:\\d\\d$`));
      await expect(rows.first().locator('[data-col="lapTime"]')).toHaveText(/^\d+:\d{2}\.\d{2}$/);
      await expect(rows.first().getByTestId("lap-driver")).toHaveText(/^Sim Driver [ABC]$/);
      await expect(page.locator('[data-best="true"]')).toHaveCount(1);
      await expect(page.getByTestId("lap-totals")).toContainText("3 laps");
      // The server's figures, read as it means them (issue 32 items 4-6, 13).
      await expect(page.getByTestId("lap-sort-energyUsed")).toHaveText("Energy used (Wh)");
      // The rest of the server's figures are a group of the column chooser away.
      await expect(page.getByTestId("lap-sort-averageSpeed")).toHaveCount(0);
      await showColumnGroup(page, "The backend's lap record");
      await expect(page.getByTestId("lap-sort-averageSpeed")).toHaveText(
        "Server avg speed (rpm-based)",
      );
      await expect(page.getByTestId("lap-sort-speed")).toHaveText("Avg speed (km/h)");
      // A lap of the ~4.4 km circuit draws tens of Wh, not a hundredth of a kWh.
      const energy = Number(await rows.first().locator('[data-col="energyUsed"]').innerText());
      expect(energy).toBeGreaterThan(5);
      // The pack's amp hours are a level: first → last, never their sum.
      await expect(page.getByTestId("lap-totals").locator('[data-col="ampHours"]')).toHaveText(
        /^\d+\.\d{2} → \d+\.\d{2} \([−+]\d+\.\d{2}\)$/,
      );
      const battery = rows.first().locator('[data-col="batterySecondsRemaining"]');
      await expect(battery).toHaveText(/^\d+:\d{2}$/);
      await expect(battery).toHaveAttribute("title", /^[\d,]+\.\d{2} s$/);
      const motor = rows.first().locator('[data-col="averageMotorWattage"]');
      if (generation === "2026-06") await expect(motor).not.toHaveText("—");
      else await expect(motor).toHaveText("—");
      // The server counts race days from 0: its first day reads "Day 1 of 3".
      await expect(page.getByTestId("race-day")).toHaveText("Day 1 of 3");
      await expect(page.getByTestId("status-race")).toContainText("Lap 3");
      // The Overview's race tile, named for what it shows: the backend's lap and time left.
      await page.getByTestId("tab-overview").click();
      await expect(page.getByTestId("overview-race-name")).toHaveText("Lap · time left today");
      await expect(page.getByTestId("overview-race-lap")).toHaveText("Lap 3");
      await expect(page.getByTestId("overview-race-left")).toHaveText(/^\d+:\d{2}:\d{2}$/);
      await page.getByTestId("tab-laps").click();
      await expect(page.getByTestId("status-race")).toHaveText(
        /Day 1 of 3 · \d+:\d{2}:\d{2} left · \d+\.\d{2} km today · \d+\.\d{2} km total/,
      );
      // A bar too narrow for everything gives way in the race item, which reads
      // whole on hover: the packet history at its right end stays in view.
      await expect(page.getByTestId("status-race")).toHaveAttribute("title", /left today/);
      const bar = (await page.getByRole("contentinfo", { name: "Status" }).boundingBox())!;
      const history = (await page.getByTestId("status-history").boundingBox())!;
      expect(history.x + history.width).toBeLessThanOrEqual(bar.x + bar.width);
      await expect(page.getByTestId("race-info")).toContainText(/\d+\.\d{2} km/);
      await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
      await page.screenshot({ path: `/tmp/e2e10/laps-${generation}.png`, fullPage: true });
      // Diagnostics says which generation the backend speaks.
      await page.keyboard.press("d");
      const diagnostics = page.getByRole("dialog", { name: "Diagnostics" });
      await expect(diagnostics.getByTestId("diag-generation")).toContainText(generation);
    } finally {
      await server.stop();
    }
  });
}

/** Ticks a whole group in the lap table's column chooser, then closes it. */
async function showColumnGroup(page: Page, group: string): Promise<void> {
  await page.getByTestId("lap-columns").click();
  await page.getByTestId("lap-columns-menu").getByText(group, { exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("lap-columns-menu")).toHaveCount(0);
}

test("the lap table fits a laptop by default; this window's choice of columns survives a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const server = await FeedServer.start({ port: 0, rate: 5, seededLaps: 3, generation: "2026-06" });
  try {
    await openLaps(page, server);
    await expect(page.getByTestId("lap-row")).toHaveCount(3, { timeout: 20_000 });
    const table = page.getByTestId("lap-table-scroll");
    const overflow = () => table.evaluate((box) => box.scrollWidth - box.clientWidth);
    // Before the chooser: 26 columns, 2,000 px and more in a 1,400 px box.
    expect(await overflow()).toBeLessThanOrEqual(1);
    await expect(page.getByTestId("lap-columns")).toHaveText("Columns (11 of 21)");
    await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
    await page.screenshot({ path: "/tmp/e2e10/laps-columns-default.png" });
    await showColumnGroup(page, "The backend's lap record");
    await expect(page.getByTestId("lap-columns")).toHaveText("Columns (18 of 21)");
    await expect(page.getByTestId("lap-sort-ampHours")).toBeVisible();
    expect(await overflow()).toBeGreaterThan(1); // every column: the box scrolls, the page not
    // One column off, then the page reloads: the choice is kept.
    await page.getByTestId("lap-columns").click();
    await page.getByTestId("lap-columns-menu").getByText("Lap time", { exact: true }).click();
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(page.getByTestId("lap-row")).toHaveCount(3, { timeout: 20_000 });
    await expect(page.getByTestId("lap-columns")).toHaveText("Columns (17 of 21)");
    await expect(page.getByTestId("lap-sort-ampHours")).toBeVisible();
    await expect(page.getByTestId("lap-sort-lapTime")).toHaveCount(0);
    await page.getByTestId("lap-columns").click();
    await page.screenshot({ path: "/tmp/e2e10/laps-columns-menu.png" });
    await page.getByTestId("lap-columns-menu").getByText("Default columns").click();
    await expect(page.getByTestId("lap-columns")).toHaveText("Columns (11 of 21)");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("lap-columns").click();
    const menu = (await page.getByTestId("lap-columns-menu").boundingBox())!;
    expect(menu.x).toBeGreaterThanOrEqual(0);
    expect(menu.x + menu.width).toBeLessThanOrEqual(390);
    expect(menu.y + menu.height).toBeLessThanOrEqual(844); // on the screen, scrolling inside
    await expect(
      page.getByTestId("lap-columns-menu").getByText("Times", { exact: true }),
    ).toBeInViewport();
    await page.screenshot({ path: "/tmp/e2e10/laps-columns-phone.png" });
  } finally {
    await server.stop();
  }
});

test("a burst of 10 laps in 2 s gives at most 2 toasts", async ({ page }) => {
  const server = await FeedServer.start({ port: 0, rate: 5, seededLaps: 1 });
  try {
    await openLaps(page, server);
    await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId("lap-row")).toHaveCount(1, { timeout: 20_000 });
    const laps = toasts(page).filter({ hasText: "Lap Completion" });
    await expect(laps).toHaveCount(0);
    server.burstLaps(10, 2000);
    await expect(page.getByTestId("lap-row")).toHaveCount(11, { timeout: 10_000 });
    await expect(laps.filter({ hasText: "laps completed" }).first()).toBeVisible();
    expect(await laps.count()).toBeLessThanOrEqual(2);
    await page.screenshot({ path: "/tmp/e2e10/lap-burst.png" });
  } finally {
    await server.stop();
  }
});

test("in DEMO the Laps tab and the Map say where laps come from, with no backend error", async ({
  page,
}) => {
  await gotoPastLoading(page, `/laps?backend=${encodeURIComponent(NO_BACKEND_URL)}`);
  await expect(page.getByTestId("status-connection-type")).toContainText("DEMO", {
    timeout: 20_000,
  });
  await page.getByRole("button", { name: "Refresh laps" }).click();
  await expect(page.getByText("Laps come from the simulated demo car")).toBeVisible();
  await page.waitForTimeout(1000); // a fetch to the missing backend would have failed by now
  await expect(page.getByTestId("laps-error")).toHaveCount(0);
  await expect(page.getByText("Error fetching lap data")).toHaveCount(0);
  // The Map draws the demo car's finish flag and names that line, not "not set".
  await page.getByTestId("tab-map").click();
  await expect(page.getByTestId("map-finish")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("geo-finish")).toContainText("demo car's default");
});
