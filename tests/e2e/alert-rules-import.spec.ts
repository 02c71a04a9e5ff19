// Issue 58 item 14: importing 5,000 alert rules (the limit) once held the
// page's thread for 2.7 s and the core for 3.4 s, stalling every window's
// ingest. The file is now read and checked in the worker, a slice at a time,
// and the rules dialog puts only the rows in view in the page.
import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { defaultRules } from "../../workers/telemetry/alerts/defaults";
import { alertRulesFile } from "../../workers/shared/alertRulesFile";
import { appUrl } from "./shell-helpers";

const RULES = 5000;

/** The defaults over and over, each with its own id and a long source (about 5 MB indented). */
function manyRulesFile(): string {
  const defaults = defaultRules();
  const source = "set by the team after the 2025 race; kept here with its reasons. ".repeat(7);
  const rules = Array.from({ length: RULES }, (_, i) => ({
    ...defaults[i % defaults.length]!,
    id: `rule-${i}`,
    source: `${i}: ${source}`.slice(0, 480),
  }));
  return JSON.stringify(alertRulesFile(rules), null, 2);
}

// Plain text: the page's long tasks, and how long the core takes to answer a
// call (one every 20 ms) while the rules are read in, so the import is judged
// by what a window and its ingest would feel.
const PROBES = `
  window.__rulesProbe = { longTasks: [], answers: [], running: false };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__rulesProbe.longTasks.push(e.duration);
  }).observe({ type: "longtask", buffered: true });
`;

interface Probe {
  longTasks: number[];
  answers: number[];
  running: boolean;
}

test("5,000 rules: read and checked in the worker, the core keeps answering, only the rows in view are in the page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript({ content: PROBES });
  await page.goto(appUrl("/", { offline: "1", demoRate: "100", e2eHooks: "1" }));
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  await page.keyboard.press("s");
  await page.getByTestId("open-alert-rules").click();
  const dialog = page.getByRole("dialog", { name: "Alert rules" });
  await expect(dialog.getByTestId("rule-list")).toBeVisible();

  await page.evaluate(() => {
    const w = window as unknown as {
      __rulesProbe: Probe;
      heliosTest: { alerts(): Promise<unknown> };
    };
    const probe = w.__rulesProbe;
    probe.longTasks.length = 0;
    probe.running = true;
    void (async () => {
      while (probe.running) {
        const asked = performance.now();
        await w.heliosTest.alerts();
        probe.answers.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
  });
  // From a file on disk, as a user picks one (a buffer would be copied into
  // the page by the test's own script, a long task of its own).
  const path = test.info().outputPath("many-rules.json");
  writeFileSync(path, manyRulesFile());
  const began = Date.now();
  await dialog.getByTestId("rules-import-input").setInputFiles(path);
  const result = dialog.getByTestId("rules-file-result");
  await expect(result).toContainText("Imported 5,000 rules from many-rules.json", {
    timeout: 60_000,
  });
  const importMs = Date.now() - began;
  await expect(dialog.getByTestId("rule-count")).toHaveText("5,000 rules");
  const probe = await page.evaluate(() => {
    const w = window as unknown as { __rulesProbe: Probe };
    w.__rulesProbe.running = false;
    return w.__rulesProbe;
  });
  const slowest = (list: number[]) => Math.round(Math.max(0, ...list));
  console.log(
    "ANSWERS",
    JSON.stringify(probe.answers.map(Math.round)),
    "LONG",
    JSON.stringify(probe.longTasks.map(Math.round)),
  );
  test.info().annotations.push({
    type: "measured",
    description: `import ${importMs} ms; core answers: ${probe.answers.length}, slowest ${slowest(probe.answers)} ms; page long tasks: ${probe.longTasks.map(Math.round).join(", ") || "none"} ms`,
  });
  // Before: the core did not answer for 3.4 s, and the page had a 2.7 s task.
  expect(probe.answers.length).toBeGreaterThan(5);
  expect(slowest(probe.answers)).toBeLessThan(500);
  expect(slowest(probe.longTasks)).toBeLessThan(500);

  // Only the rows in view (and a screenful around them) are in the page.
  const rows = dialog.locator(".helios-rule-row");
  expect(await rows.count()).toBeLessThan(100);
  await expect(dialog.locator('[data-rule="rule-0"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("rules-5000.png") });
  // Scrolled to the end, the list's last item shows (the rules are grouped
  // by the part of the car they watch, so it is the last group's last rule).
  const list = dialog.getByRole("list", { name: "Alert rules" });
  await list.evaluate((box) => (box.scrollTop = box.scrollHeight));
  const last = list.getByRole("listitem").last();
  await expect(last).toBeVisible();
  const size = await last.getAttribute("aria-setsize");
  expect(Number(size)).toBeGreaterThan(RULES);
  await expect(last).toHaveAttribute("aria-posinset", size!);
  expect(await rows.count()).toBeLessThan(100);
  // The filter finds one rule among them.
  await dialog.getByLabel("Filter rules").fill("4321:");
  await expect(dialog.getByTestId("rule-count")).toHaveText("1 of 5,000 rules");
  await expect(dialog.locator('[data-rule="rule-4321"]')).toBeVisible();
});

test("a rules file too large to be one is refused unread, in words", async ({ page }) => {
  await page.goto(appUrl("/", { offline: "1" }));
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  await page.keyboard.press("s");
  await page.getByTestId("open-alert-rules").click();
  const dialog = page.getByRole("dialog", { name: "Alert rules" });
  const count = await dialog.getByTestId("rule-count").textContent();
  const path = test.info().outputPath("huge.json");
  writeFileSync(path, Buffer.alloc(21 * 1024 * 1024, 0x20));
  await dialog.getByTestId("rules-import-input").setInputFiles(path);
  const result = dialog.getByTestId("rules-file-result");
  await expect(result).toContainText("huge.json was refused; the rules did not change");
  await expect(result).toContainText("the file is 21 MB; a rules file");
  await expect(dialog.getByTestId("rule-count")).toHaveText(count!);
});
