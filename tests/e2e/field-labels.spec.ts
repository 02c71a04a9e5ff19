// Fields under the names people use (issue 32 item 15): plots, pickers, the
// Overview's favourites and the field tables show the label table's names,
// never wire names, and saved favourites keep working.
import { expect, test } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

const url = (path: string) => `${path}?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

test("the plots name both motors and their picker finds fields by description", async ({
  page,
}) => {
  await gotoPastLoading(page, url("/plots"));
  const speed = page.locator('[data-plot-id="speed"]');
  await expect(speed.locator(".plot-card-title")).toHaveText(
    "Motor 0 Vehicle Velocity · Motor 1 Vehicle Velocity",
    { timeout: 20_000 },
  );
  await expect(speed.locator(".u-legend")).toContainText("Motor 1 Vehicle Velocity");
  await expect(page.locator('[data-plot-id="motor-temp"] .plot-card-title')).toContainText(
    "Motor 0 Temperature",
  );
  await expect(page.getByTestId("plots-panel")).not.toContainText("MotorDetails");

  await speed.getByRole("button", { name: "Add or remove fields" }).click();
  // "WaveSculptor" is only in the descriptions of the motor controllers' fields.
  await page.getByPlaceholder("Search fields…").fill("wavesculptor heatsink");
  const options = page.locator(".plot-field-menu [data-path]");
  await expect(options).toHaveText([
    "Motor 0 Heatsink Temperature°C", // the unit is shown at the right of each option
    "Motor 1 Heatsink Temperature°C",
  ]);
  await expect(page.locator(".plot-field-menu")).toContainText("Motor 1"); // the group, by name
});

test("favourites saved by name come back as their fields, labelled, and are kept as paths", async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("favourites", JSON.stringify(["Motor Temp", "Pack Current"]));
  });
  await gotoPastLoading(page, url("/"));
  const tiles = page.locator(".helios-favourites [data-field]");
  await expect(tiles).toHaveCount(2, { timeout: 20_000 });
  await expect(tiles.first()).toHaveAttribute("data-field", "MotorDetails0.MotorTemperature");
  await expect(tiles.first().locator(".helios-tile-name")).toHaveText("Motor 0 Temperature");
  await expect(tiles.nth(1).locator(".helios-tile-name")).toHaveText("Pack Current");
  await expect(tiles.first().locator(".helios-tile-unit")).toHaveText("°C");
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("favourites")))
    .toBe(JSON.stringify(["MotorDetails0.MotorTemperature", "Battery.PackCurrent"]));
});

test("the motors table names each motor and reads the limit flags as words", async ({ page }) => {
  await gotoPastLoading(page, url("/motors"));
  const limit = page.locator('tr[data-field="MotorDetails0.LimitFlags"]');
  await expect(limit.locator(".helios-field-label")).toHaveText("Motor 0 Limit Flags", {
    timeout: 20_000,
  });
  await expect(limit.locator(".live-value")).toHaveText(/^(none|[a-z ()]+limit(, [a-z ()]+)*)$/);
  await expect(
    page.locator('tr[data-field="MotorDetails1.MotorTemperature"] .helios-field-label'),
  ).toHaveText("Motor 1 Temperature");
  await expect(page.locator('tr[data-field="MBMS.SystemState"]')).toHaveCount(0); // other tab
  await reloadPastLoading(page, url("/contactors"));
  await expect(page.locator('tr[data-field="MBMS.SystemState"] .helios-field-label')).toHaveText(
    "MBMS System State (code)",
    { timeout: 20_000 },
  );
});

test("a favourite is added in Settings with the searchable picker and listed by its label", async ({
  page,
}) => {
  await gotoPastLoading(page, url("/"));
  await page.keyboard.press("s");
  const list = page.getByTestId("favourites-list");
  await expect(list).toContainText("Motor 0 Temperature");
  await expect(list).not.toContainText("Motor Temp,");
  await page.getByRole("button", { name: "Add a favourite" }).click();
  await page.getByPlaceholder("Search fields…").fill("heatsink motor 1");
  await page.locator('.plot-field-menu [data-path="MotorDetails1.HeatsinkTemperature"]').click();
  await expect(list).toContainText("Motor 1 Heatsink Temperature");
  await page.keyboard.press("Escape");
  const tile = page.locator('.helios-favourites [data-field="MotorDetails1.HeatsinkTemperature"]');
  await expect(tile.locator(".helios-tile-name")).toHaveText("Motor 1 Heatsink Temperature");
});
