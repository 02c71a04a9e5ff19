import { expect, test } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";

test("with no backend the built app shows live DEMO values that keep changing", async ({
  page,
}) => {
  await page.goto(`/?backend=${encodeURIComponent(NO_BACKEND_URL)}`);
  await expect(page.getByTestId("connection-type").first()).toHaveText("DEMO");

  const packVoltage = page.locator('[data-field="Battery.PackVoltage"] .live-value').first();
  await expect(packVoltage).toHaveText(/^\d+\.\d$/);
  const accepted = page.getByTestId("accepted-count").first();
  const firstCount = Number((await accepted.textContent())?.replace(/\D/g, ""));

  // DEMO sends a packet every 500 ms: within a few seconds both move.
  const speed = page.locator('[data-field="MotorDetails0.VehicleVelocity"] .live-value').first();
  const firstSpeed = await speed.textContent();
  await expect
    .poll(async () => Number((await accepted.textContent())?.replace(/\D/g, "")), {
      timeout: 10_000,
    })
    .toBeGreaterThan(firstCount + 3);
  await expect.poll(async () => speed.textContent(), { timeout: 10_000 }).not.toBe(firstSpeed);
  await expect(page.getByTestId("rejected-count").first()).toHaveText("Rejected: 0");
});
