// Screenshots for a human to look at (light and dark); they assert only that
// the frame is on screen.
import { expect, test } from "@playwright/test";
import { FEED_URL } from "./e2e-env";

const OUT = process.env.SHELL_SCREENSHOTS ?? "/tmp";

for (const scheme of ["light", "dark"] as const) {
  test(`screenshots in the ${scheme} theme`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/?backend=${encodeURIComponent(FEED_URL)}`);
    await page.waitForTimeout(1500); // pending: the car has driven in
    await page.screenshot({ path: `${OUT}/shell-${scheme}-loading.png` });
    await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId("status-last-packet")).not.toHaveText(/—/);
    await page.screenshot({ path: `${OUT}/shell-${scheme}.png` });
    await page.getByTestId("tab-faults").click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/shell-${scheme}-faults.png` });
    await page.getByTestId("tab-contactors").click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/shell-${scheme}-contactors.png` });
    await page.keyboard.press("s");
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/shell-${scheme}-settings.png` });
    await page.keyboard.press("Escape");
    await page.keyboard.press("d");
    await page.evaluate(() => undefined);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/shell-${scheme}-diagnostics.png` });
  });
}
