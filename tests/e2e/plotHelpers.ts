// Shared steps for the browser tests of the plot workspace.
import { expect, type Locator, type Page } from "@playwright/test";

/** A plot card by its id ("speed", "soc", "pack"). */
export function plot(page: Page, id: string): Locator {
  return page.locator(`[data-plot-id="${id}"]`);
}

/** Mouse tests need the chart on top (the shell's loading screen may still cover it). */
export async function waitUntilOnTop(target: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return hit !== null && el.contains(hit);
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}
