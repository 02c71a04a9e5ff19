// Issue 34: alerts shown where the data is, in Chromium with DEMO. A rule set
// through the worker's API (the page's test hooks) that fires at once — pack
// voltage above 1 V, critical — colours the pack voltage tile with its icon,
// lists the alert on the Overview, shades a band on the pack plot, pins the
// map where it started (no map tiles: offline) and marks the playback scrubber.
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading } from "./shell-helpers";

const RULES = {
  format: "helios-alert-rules",
  version: 1,
  rules: [
    {
      id: "pack-high",
      subject: "Battery.PackVoltage",
      condition: { kind: "above", limit: 1 },
      forSeconds: 0,
      severity: "critical",
      message: "{label} {value} {unit}",
      enabled: true,
    },
  ],
};

const url = (path: string) =>
  `${path}?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20&e2eHooks=1`;

async function setRules(page: Page): Promise<void> {
  await page.waitForFunction(() => "heliosTest" in window);
  const result = await page.evaluate(
    (file) =>
      (
        window as unknown as { heliosTest: { setAlertRules(f: unknown): Promise<{ ok: boolean }> } }
      ).heliosTest.setAlertRules(file),
    RULES,
  );
  expect(result.ok).toBe(true);
}

test("an alert colours its tile, is listed, shades its plot and is pinned on the map", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await gotoPastLoading(page, url("/"));
  const tile = page.locator('.helios-favourites [data-field="Battery.PackVoltage"]');
  await expect(tile).toBeVisible();
  await expect(tile).not.toHaveAttribute("data-alert", /./);
  await setRules(page);

  // Overview: the tile says critical in colour and with a named icon; the card lists it.
  await expect(tile).toHaveAttribute("data-alert", "critical");
  await expect(tile.getByRole("img", { name: "Critical alert" })).toBeVisible();
  const colour = await tile.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colour).toMatch(/^rgba\(205, 66, 70/);
  const listed = page.getByTestId("overview-alerts").locator("li");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(/Pack Voltage \d/);
  await expect(listed.getByRole("img", { name: "Critical alert" })).toBeVisible();
  await expect(page.getByTestId("overview-alert-counts")).toContainText("1 critical");
  await page.screenshot({ path: "/tmp/e2e-h4/overview-1366.png" });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: "/tmp/e2e-h4/overview-1920.png" });

  // Battery tab: the value cell is coloured and carries the icon too.
  await page.getByTestId("tab-battery").click();
  const row = page.locator('tr[data-field="Battery.PackVoltage"]');
  await expect(row).toHaveAttribute("data-alert", "critical");
  await expect(row.getByRole("img", { name: "Critical alert" })).toBeVisible();

  // Plots: the pack plot shades the span; the speed plot has none.
  await page.getByTestId("tab-plots").click();
  const pack = page.locator('[data-plot-id="pack"] .uplot');
  await expect(pack).toHaveAttribute("data-alert-bands", "1", { timeout: 20_000 });
  await expect(page.locator('[data-plot-id="speed"] .uplot')).not.toHaveAttribute(
    "data-alert-bands",
    /[1-9]/,
  );
  await page.screenshot({ path: "/tmp/e2e-h4/plots-band.png" });

  // Map: a pin where it started, with its message.
  await page.getByTestId("tab-map").click();
  const pin = page.getByTestId("map-alert-pin");
  await expect(pin).toHaveCount(1, { timeout: 20_000 });
  await expect(pin).toHaveAttribute("data-severity", "critical");
  await expect(pin).toHaveAttribute("aria-label", /^Critical alert: Pack Voltage \d/);
  await pin.hover();
  await expect(page.locator(".leaflet-tooltip")).toContainText(/Pack Voltage \d.* · \d\d:\d\d/);
  await page.screenshot({ path: "/tmp/e2e-h4/map-pin.png" });

  // Playback of this drive: the scrubber marks where the alert started.
  await page.getByTestId("tab-sessions").click();
  await page.getByTestId("session-row").first().getByTestId("session-replay").click();
  await expect(page.getByTestId("transport-play")).toBeEnabled({ timeout: 20_000 });
  const mark = page.getByTestId("transport-alert-marks").locator("[data-severity]");
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveAttribute("data-severity", "critical");
  await expect(mark).toHaveAttribute("title", /^Critical alert at \d\d:\d\d:\d\d: Pack Voltage/);
  await page.locator(".helios-transport").screenshot({ path: "/tmp/e2e-h4/scrubber.png" });
});
