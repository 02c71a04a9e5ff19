import { expect, test } from "@playwright/test";
import { DEMO_SCREEN_GONE_MS, appUrl, openPastLoading, pauseClock } from "./shell-helpers";

const DEFAULT_FAVOURITE_PATHS = [
  "MotorDetails0.MotorTemperature",
  "Battery.HighCellVoltage",
  "MotorDetails0.VehicleVelocity",
  "Battery.PackVoltage",
  "Battery.PackCurrent",
  "Battery.AverageCellVoltage",
];

test("corrupt settings, favourites and theme fall back to defaults with warnings", async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("settings", "{not json");
    localStorage.setItem("favourites", '[1, {"x": 2}]');
    localStorage.setItem("theme", "purple");
  });
  await page.emulateMedia({ colorScheme: "light" });
  await pauseClock(page);
  await page.goto(appUrl("/", { offline: "1" }));
  await page.clock.runFor(DEMO_SCREEN_GONE_MS);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0);

  // The warnings wait for the loading screen to go, so that they can be read.
  await page.clock.runFor(400);
  const warnings = page.locator(".helios-toaster .bp6-toast.bp6-intent-warning");
  await expect(warnings).toHaveCount(3);
  await expect(warnings.filter({ hasText: "Saved settings were unreadable" })).toHaveCount(1);
  await expect(warnings.filter({ hasText: "Saved favourites were invalid" })).toHaveCount(1);
  await expect(warnings.filter({ hasText: "The saved theme was invalid" })).toHaveCount(1);

  const tiles = page.locator(".helios-favourites [data-field]");
  expect(await tiles.evaluateAll((els) => els.map((el) => el.getAttribute("data-field")))).toEqual(
    DEFAULT_FAVOURITE_PATHS,
  );
  await expect(page.locator("body")).not.toHaveClass(/bp6-dark/);

  // Once loading has finished the store holds valid data again.
  const stored = await page.evaluate(() => ({
    settings: JSON.parse(localStorage.getItem("settings") ?? "null"),
    favourites: JSON.parse(localStorage.getItem("favourites") ?? "null"),
  }));
  expect(stored.settings).toMatchObject({ appUnits: "metric", connectionType: "DEMO" });
  expect(stored.favourites).toHaveLength(6);
});

test("units and favourites are saved once loading finishes and restored on reload", async ({
  page,
}) => {
  await openPastLoading(page, "/", { offline: "1" });
  // Metric by default: the Overview's speed in km/h, though the car sends m/s.
  const speed = page.locator('.helios-favourites [data-field="MotorDetails0.VehicleVelocity"]');
  await expect(speed.locator(".helios-tile-unit")).toHaveText("km/h");
  await page.keyboard.press("s");
  await page.getByTestId("units-control").getByRole("radio", { name: "Imperial" }).click();
  await page.getByTestId("favourites-list").getByRole("button").first().click(); // remove Motor Temp
  await page.keyboard.press("Escape");

  await page.reload();
  await page.clock.runFor(DEMO_SCREEN_GONE_MS);
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem("settings")!));
  expect(settings.appUnits).toBe("imperial");
  const tiles = page.locator(".helios-favourites [data-field]");
  await expect(tiles).toHaveCount(5);
  await expect(
    page.locator('[data-field="MotorDetails0.VehicleVelocity"] .helios-tile-unit'),
  ).toHaveText("mph");
});

test("a glance tile hidden with Edit tiles stays hidden after a reload, and comes back in one click", async ({
  page,
}) => {
  await openPastLoading(page, "/", { offline: "1" });
  const soc = page.locator('.helios-glance [data-field="Battery.PackStateOfCharge"]');
  await expect(soc).toBeVisible();
  await page.getByTestId("overview-edit-tiles").click();
  await page.getByRole("button", { name: "Hide Pack State of Charge" }).click();
  await expect(soc).toHaveCount(0);

  await page.reload();
  await page.clock.runFor(DEMO_SCREEN_GONE_MS);
  await expect(page.locator(".helios-glance [data-field]").first()).toBeVisible();
  await expect(soc).toHaveCount(0);
  await page.getByTestId("overview-edit-tiles").click();
  await page.getByTestId("overview-show-hidden").click();
  await expect(soc).toBeVisible();
});
