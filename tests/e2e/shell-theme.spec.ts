import { expect, test } from "@playwright/test";
import { appUrl, openPastLoading } from "./shell-helpers";

test("follows the system theme by default, live", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(appUrl("/", { offline: "1" }));
  await expect(page.locator("body")).toHaveClass(/bp6-dark/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("body")).not.toHaveClass(/bp6-dark/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("body")).toHaveClass(/bp6-dark/);
});

test("the chosen theme is kept under `theme` and wins over the system after a reload", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openPastLoading(page, "/", { offline: "1" });
  await page.keyboard.press("t");
  await expect(page.locator("body")).toHaveClass(/bp6-dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.reload();
  await expect(page.locator("body")).toHaveClass(/bp6-dark/);

  // Back to "system" in the settings dialog: the OS decides again.
  await page.clock.runFor(9000);
  await page.keyboard.press("s");
  await page.getByTestId("theme-control").getByRole("radio", { name: "System" }).click();
  await expect(page.locator("body")).not.toHaveClass(/bp6-dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("system");
});
