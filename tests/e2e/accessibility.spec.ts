// axe-core on every tab and every dialog, in both themes: no critical or
// serious violation (colour contrast counts as serious), and none of the
// moderate ones issue 7 named (landmarks, a level-one heading, heading order).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { TABS } from "../../src/shell/navbar/tabs";
import { openPastLoading } from "./shell-helpers";

const NAMED_MODERATE = new Set([
  "region",
  "page-has-heading-one",
  "heading-order",
  "landmark-one-main",
]);

/** "where: rule (impact) on selector, selector" for each violation to fix. */
async function audit(page: Page, where: string, only?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  // A dialog: the page under it was audited with its tab already.
  if (only) builder.include(only);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious" || NAMED_MODERATE.has(v.id))
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((node) => node.target.join(" "));
      return `${where}: ${v.id} (${v.impact}) on ${targets.join(", ")}`;
    });
}

for (const theme of ["light", "dark"] as const) {
  test(`no critical or serious axe violation on any tab or dialog, ${theme} theme`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await openPastLoading(page, "/", { offline: "1" });
    await page.clock.resume();
    await expect(page.locator("body")).toHaveClass(
      theme === "dark" ? /bp6-dark/ : /^(?!.*bp6-dark)/,
    );
    const found: string[] = [];

    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab.id}`).click();
      const panel = tab.id === "plots" ? "plots-panel" : `panel-${tab.id}`;
      await expect(page.getByTestId(panel)).toBeVisible();
      found.push(...(await audit(page, `tab ${tab.title}`)));
    }

    await page.getByTestId("tab-overview").click();
    for (const [key, name] of [
      ["s", "Settings"],
      ["d", "Diagnostics"],
    ] as const) {
      await page.keyboard.press(key);
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      found.push(...(await audit(page, `${name} dialog`, ".bp6-portal")));
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }
    await page.keyboard.press("Shift+?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    found.push(...(await audit(page, "Shortcuts dialog", ".bp6-portal")));

    expect(found).toEqual([]);
  });
}
