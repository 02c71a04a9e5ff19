// The axe audit the accessibility tests share (accessibility.spec.ts, and the
// pit view's at a phone's and a tablet's size): no critical or serious
// violation (colour contrast counts as serious), and none of the moderate ones
// issue 7 named (landmarks, a level-one heading, heading order).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const NAMED_MODERATE = new Set([
  "region",
  "page-has-heading-one",
  "heading-order",
  "landmark-one-main",
]);

/** "where: rule (impact) on selector, selector" for each violation to fix. */
export async function audit(
  page: Page,
  where: string,
  only?: string,
  rules?: string[],
): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (rules) builder.withRules(rules);
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

/**
 * Waits until nothing in a portal is fading in or out: mid-transition a
 * dialog's or a toast's text is partly transparent and fails contrast (seen
 * on a busy machine, with a toast fading out over the dark theme's dialog).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll(".bp6-portal *")).every(
      (el) => !Array.from(el.classList).some((c) => /-(enter|appear|exit)(-active)?$/.test(c)),
    ),
  );
}
