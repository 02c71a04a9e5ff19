// The Diagnostics dialog shows every value whole (issue 32 item 1): the
// backend generation's evidence widened the table past the dialog, and the
// counts beside it were cut off. Long values wrap inside the dialog.
import { expect, test, type Page } from "@playwright/test";
import { FEED_URL, NO_BACKEND_URL } from "./e2e-env";

/** Value cells that reach past the dialog or cut their text, as "test id: reason". */
async function clippedValues(page: Page): Promise<string[]> {
  return page.getByRole("dialog", { name: "Diagnostics" }).evaluate((dialog) => {
    const right = dialog.getBoundingClientRect().right;
    return Array.from(dialog.querySelectorAll<HTMLElement>("td[data-testid]")).flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      const out: string[] = [];
      if (box.right > right + 0.5)
        out.push(`${cell.dataset.testid}: right ${box.right} > ${right}`);
      if (cell.scrollWidth > cell.clientWidth + 1)
        out.push(`${cell.dataset.testid}: ${cell.scrollWidth} > ${cell.clientWidth} px`);
      return out;
    });
  });
}

for (const [name, backend] of [
  ["the feed server", FEED_URL],
  ["DEMO", NO_BACKEND_URL],
] as const) {
  test(`Diagnostics with ${name}: no value is clipped`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?backend=${encodeURIComponent(backend)}`);
    await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId("status-rate")).toHaveText(/[1-9][\d.]* pkt\/s/, {
      timeout: 20_000,
    });
    await page.keyboard.press("d");
    const diagnostics = page.getByRole("dialog", { name: "Diagnostics" });
    if (backend === FEED_URL)
      // The long line that widened the table: the generation with its evidence.
      await expect(diagnostics.getByTestId("diag-generation")).toContainText("2026-", {
        timeout: 20_000,
      });
    await expect(diagnostics.getByTestId("diag-accepted")).toHaveText(/^[1-9][\d,]*$/);
    await expect(diagnostics.getByTestId("diag-history")).toBeVisible();
    expect(await clippedValues(page)).toEqual([]);
  });
}
