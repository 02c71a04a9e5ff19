// axe-core on every tab and every dialog: no critical or serious violation
// (colour contrast counts as serious), and none of the moderate ones issue 7
// named (landmarks, a level-one heading, heading order); in the dark theme,
// colour contrast again.
import { expect, test, type Page } from "@playwright/test";
import { audit, settled } from "./axeAudit";
import { TABS } from "../../src/shell/navbar/tabs";
import { openPastLoading } from "./shell-helpers";

async function openIn(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await openPastLoading(page, "/", { offline: "1" });
  await page.clock.resume();
  await expect(page.locator("body")).toHaveClass(theme === "dark" ? /bp6-dark/ : /^(?!.*bp6-dark)/);
}

/**
 * The dark theme changes colours only: its audit is the contrast rule's (the
 * structure, names and roles are the light theme's, audited in full).
 */
const themed = (theme: "light" | "dark") => (theme === "dark" ? ["color-contrast"] : undefined);

// Split in halves so that each test stays short on a busy machine.
const HALF = Math.ceil(TABS.length / 2);
const TAB_GROUPS = [TABS.slice(0, HALF), TABS.slice(HALF)];

for (const theme of ["light", "dark"] as const) {
  for (const tabs of TAB_GROUPS) {
    test(`no critical or serious axe violation on tabs ${tabs[0]!.title}…${tabs.at(-1)!.title}, ${theme} theme`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await openIn(page, theme);
      const found: string[] = [];
      for (const tab of tabs) {
        await page.getByTestId(`tab-${tab.id}`).click();
        const panel = tab.id === "plots" ? "plots-panel" : `panel-${tab.id}`;
        await expect(page.getByTestId(panel)).toBeVisible();
        found.push(...(await audit(page, `tab ${tab.title}`, undefined, themed(theme))));
      }
      expect(found).toEqual([]);
    });
  }

  test(`no critical or serious axe violation in the dialogs, ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await openIn(page, theme);
    const found: string[] = [];
    for (const [key, name] of [
      ["s", "Settings"],
      ["d", "Diagnostics"],
      ["Shift+?", "Keyboard shortcuts"],
      ["Shift+M", "Math channels"],
    ] as const) {
      await page.keyboard.press(key);
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      // The page under the dialog is audited with its tab.
      await settled(page);
      found.push(...(await audit(page, `${name} dialog`, ".bp6-portal", themed(theme))));
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }
    // The math channel editor's form too: helper texts, the help table, the value line.
    await page.keyboard.press("Shift+M");
    const math = page.getByRole("dialog", { name: "Math channels" });
    await math.getByTestId("math-add").click();
    await math.getByTestId("math-label").fill("Double Pack Voltage");
    await math.getByTestId("math-expression").fill("Battery.PackVoltage * 2");
    await math.getByTestId("math-help").locator("summary").click();
    await expect(math.getByTestId("math-save")).toBeEnabled();
    await settled(page);
    found.push(...(await audit(page, "Math channel editor", ".bp6-portal", themed(theme))));
    expect(found).toEqual([]);
  });
}
