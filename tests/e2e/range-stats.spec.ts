// Range statistics in Chromium against the real worker: Alt-drag on a plot,
// the toolbar's visible window and a lap's "Statistics" action open the
// drawer with figures for the plotted series; levels, Copy as TSV and
// "Export range…" work from it.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { onFastLapFeed } from "./lapFeed";
import { NO_BACKEND_URL } from "./e2e-env";
import { plot, waitUntilOnTop } from "./plotHelpers";
import { gotoPastLoading } from "./shell-helpers";

const PLOTS_URL = `/plots?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;
/** A figure as the table writes it: a number, maybe negative, maybe with decimals. */
const FIGURE = /^-?\d+(\.\d+)?$/;

async function openPlots(page: Page): Promise<void> {
  await gotoPastLoading(page, PLOTS_URL);
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await waitUntilOnTop(plot(page, "pack").locator(".u-over"));
  await page.waitForTimeout(2500); // a few seconds of packets to summarise
}

async function cell(row: Locator, column: string): Promise<string> {
  return (await row.locator(`[data-col="${column}"]`).textContent()) ?? "";
}

test("Alt-drag on a plot: its series' statistics, plots not zoomed; a level; Copy as TSV", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openPlots(page);
  const over = plot(page, "pack").locator(".u-over");
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.keyboard.down("Alt");
  await page.mouse.down();
  // To the plot's right edge: the packets so far are the last few seconds of its window.
  await page.mouse.move(box.x + box.width * 0.995, y, { steps: 8 });
  await page.mouse.up();
  await page.keyboard.up("Alt");

  const drawer = page.getByTestId("range-stats");
  await expect(drawer).toBeVisible();
  await expect(page.getByText("Statistics · Selection")).toBeVisible();
  // Alt-drag chose a range: the plots did not zoom.
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  await expect(drawer.getByTestId("range-stats-range")).toHaveText(
    /^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d – \d\d:\d\d:\d\d \S+ \(.+, [\d,]+ packets\)$/,
  );
  const rows = drawer.getByTestId("range-stats-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-path", "Battery.PackVoltage");
  await expect(rows.nth(1)).toHaveAttribute("data-path", "Battery.PackCurrent");
  const volts = rows.nth(0);
  await expect(volts.locator('[data-col="mean"]')).toHaveText(FIGURE);
  const [min, mean, max] = await Promise.all(["min", "mean", "max"].map((c) => cell(volts, c)));
  expect(Number(min)).toBeLessThanOrEqual(Number(mean));
  expect(Number(mean)).toBeLessThanOrEqual(Number(max));
  await expect(volts.locator('[data-col="integral"]')).toHaveText(/^-?\d+(\.\d+)? V·h$/);
  await expect(volts.locator('[data-col="above"]')).toHaveText("—");

  // Every second above 0 V: time above is the covered time, not "—".
  await volts.getByLabel("Level for Pack Voltage").fill("0");
  await expect(volts.locator('[data-col="above"]')).toHaveText(/^\d+(\.\d+)? s$/);
  // Above a level no pack reaches: none.
  await volts.getByLabel("Level for Pack Voltage").fill("100000");
  await expect(volts.locator('[data-col="above"]')).toHaveText("0 s");

  await page.screenshot({ path: "/tmp/e2e37/range-stats-selection.png" });
  await drawer.getByTestId("range-stats-copy").click();
  await expect(drawer.getByTestId("range-stats-copied")).toHaveText("Copied 2 rows as TSV.");
  const tsv = await page.evaluate(() => navigator.clipboard.readText());
  const lines = tsv
    .trimEnd()
    .split("\n")
    .map((line) => line.split("\t"));
  expect(lines[0]).toEqual([
    "Series",
    "Unit",
    "Samples",
    "Min",
    "Max",
    "Mean",
    "Std dev",
    "First",
    "Last",
    "Δ",
    "Integral",
    "Integral unit",
    "Level",
    "Time above (s)",
  ]);
  expect(lines).toHaveLength(3);
  expect(lines[1]!.slice(0, 2)).toEqual(["Pack Voltage", "V"]);
  expect(lines[1]![5]).toBe(mean);
  expect(lines[1]!.slice(11)).toEqual(["V·h", "100000", "0"]);
  expect(lines[2]![0]).toBe("Pack Current");
});

test("the toolbar's Statistics summarises every plotted series over the visible window; Export range…", async ({
  page,
}) => {
  await openPlots(page);
  await page.getByTestId("plots-stats").click();
  const drawer = page.getByTestId("range-stats");
  await expect(page.getByText("Statistics · Visible window")).toBeVisible();
  const rows = drawer.getByTestId("range-stats-row");
  await expect(rows.first().locator('[data-col="mean"]')).toHaveText(FIGURE);
  const paths = await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-path")));
  // The default layout's plots: speed, pack, charge, motor heat, solar input, pedals.
  expect(paths).toEqual(
    expect.arrayContaining([
      "MotorDetails0.VehicleVelocity",
      "Battery.PackVoltage",
      "Battery.PackStateOfCharge",
      "B3.BrakeSwitchDigital",
    ]),
  );
  // A flag is summarised as 1/0: its mean is the share of the time it was on.
  const brake = drawer.locator('[data-path="B3.BrakeSwitchDigital"]');
  const share = Number(await cell(brake, "mean"));
  expect(share).toBeGreaterThanOrEqual(0);
  expect(share).toBeLessThanOrEqual(1);
  await expect(brake.locator('[data-col="integral"]')).toHaveText(/^\d+(\.\d+)? h$/);

  await drawer.getByTestId("range-stats-export").click();
  const dialog = page.getByRole("dialog", { name: /Export/ });
  const window = dialog.getByTestId("csv-range-window");
  await expect(window).toBeChecked();
  await expect(dialog.getByText(/^Statistics range: Visible window \(/)).toBeVisible();
});

test("a lap's Statistics action shows the plots zoomed to the lap with its figures", async ({
  page,
}) => {
  await onFastLapFeed(page, async () => {
    await page.getByTestId("lap-row").first().getByTestId("lap-stats").click();
    await expect(page).toHaveURL(/\/plots\?/);
    await expect(page.getByTestId("plots-focus")).toContainText("Lap 1", { timeout: 20_000 });
    const drawer = page.getByTestId("range-stats");
    await expect(page.getByText("Statistics · Lap 1")).toBeVisible();
    const volts = drawer.locator('[data-path="Battery.PackVoltage"]');
    await expect(volts.locator('[data-col="mean"]')).toHaveText(FIGURE, { timeout: 20_000 });
    await expect(drawer.getByTestId("range-stats-range")).toContainText("packets");
  });
});

test("the drawer has no critical or serious axe violation, in the light theme and the dark", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await openPlots(page);
  await page.getByTestId("plots-stats").click();
  const drawer = page.getByTestId("range-stats");
  await expect(
    drawer.getByTestId("range-stats-row").first().locator('[data-col="mean"]'),
  ).toHaveText(FIGURE);
  await drawer.getByLabel("Level for Pack Voltage").fill("1");
  // Audited as it stands, not half faded in (partly transparent text fails contrast).
  await page.waitForFunction(
    () =>
      document.querySelector(
        ".bp6-overlay-enter, .bp6-overlay-enter-active, .bp6-overlay-appear, .bp6-overlay-appear-active",
      ) === null,
  );
  const serious: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    // The app follows the system's scheme as it changes: the same drawer, recoloured.
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await expect(page.locator("body")).toHaveClass(
      theme === "dark" ? /bp6-dark/ : /^(?!.*bp6-dark)/,
    );
    const { violations } = await new AxeBuilder({ page }).include(".range-stats-drawer").analyze();
    serious.push(
      ...violations
        .filter((v) => v.impact === "critical" || v.impact === "serious")
        .map((v) => `${theme}: ${v.id} on ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
  }
  expect(serious).toEqual([]);
});
