// Issue 34: the alert rules dialog in Chromium against the real worker: add a
// rule with the field picker (the worker's reason for lo > hi shows as the
// user types), export and import JSON (a bad file is refused with its reason
// and nothing changes), the rules survive a reload; and the motor controllers'
// flags read as named chips on the Motors and Faults tabs, while the CSV
// export keeps the number.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { NO_BACKEND_URL } from "./e2e-env";
import { DEMO_SCREEN_GONE_MS, appUrl, pauseClock, gotoPastLoading } from "./shell-helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const url = (path: string) => `${path}?backend=${encodeURIComponent(NO_BACKEND_URL)}`;

async function openRules(page: Page) {
  await page.keyboard.press("s");
  await page.getByTestId("open-alert-rules").click();
  const dialog = page.getByRole("dialog", { name: "Alert rules" });
  await expect(dialog.getByTestId("rule-list")).toBeVisible();
  return dialog;
}

test("add a rule with the field picker, see lo > hi refused, fix it; export, refuse a bad import, reload", async ({
  page,
}) => {
  await gotoPastLoading(page, url("/"));
  const dialog = await openRules(page);
  const count = dialog.getByTestId("rule-count");
  const defaults = Number((await count.textContent())!.split(" ")[0]);
  expect(defaults).toBeGreaterThan(90);
  // Labels, not wire names, name the fields. The list shows only the rows in
  // view: the filter brings a rule into it.
  const filter = dialog.getByLabel("Filter rules");
  await filter.fill("motor 0 error");
  await expect(dialog.locator('[data-rule="motor0-fault"]')).toContainText("Motor 0 Error Flags");
  await expect(dialog.locator('[data-rule="motor0-fault"] strong')).not.toContainText("ErrorFlags");
  await filter.fill("");

  await dialog.getByTestId("rule-add").click();
  await dialog.getByTestId("rule-subject").click();
  await page.getByPlaceholder("Search fields…").fill("motor 1 heatsink");
  await page.getByRole("option", { name: /Motor 1 Heatsink Temperature/ }).click();
  await expect(dialog.getByTestId("rule-subject")).toHaveText("Motor 1 Heatsink Temperature");
  await dialog.getByTestId("rule-kind").selectOption("outside");
  await dialog.getByTestId("rule-lo").fill("80");
  await dialog.getByTestId("rule-hi").fill("20");
  // The field list faded out meanwhile; the focus stays where the user typed
  // (it once went back to the list at the end of its fade, losing "20").
  await page.waitForTimeout(500);
  await expect(dialog.getByTestId("rule-hi")).toBeFocused();
  await expect(dialog.getByTestId("rule-hi")).toHaveValue("20");
  const errors = dialog.getByTestId("rule-errors");
  await expect(errors).toContainText("lo (80) is above hi (20)");
  await expect(dialog.getByTestId("rule-save")).toBeDisabled();
  await page.screenshot({ path: "/tmp/h3-rule-error.png" });
  await dialog.getByTestId("rule-lo").fill("10");
  await expect(errors).toHaveCount(0);
  await dialog.getByTestId("rule-save").click();
  await expect(count).toHaveText(`${defaults + 1} rules`);
  // The default heatsink rule is there too: the new one is the one with a range.
  await filter.fill("motor 1 heatsink");
  const added = dialog
    .locator('[data-subject="MotorDetails1.HeatsinkTemperature"]')
    .filter({ hasText: "outside" });
  await expect(added).toContainText("Motor 1 Heatsink Temperature outside 10 °C to 20 °C");
  await page.screenshot({ path: "/tmp/h3-rule-list.png" });
  await filter.fill("");

  // Export: the rules file, the new rule in metric.
  const downloading = page.waitForEvent("download");
  await dialog.getByTestId("rules-export").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("helios-alert-rules.json");
  const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(exported.format).toBe("helios-alert-rules");
  expect(exported.version).toBe(1);
  expect(exported.rules).toHaveLength(defaults + 1);
  const mine = exported.rules.find(
    (r: { subject: string; condition: { kind: string } }) =>
      r.subject === "MotorDetails1.HeatsinkTemperature" && r.condition.kind === "outside",
  );
  expect(mine.condition).toEqual({ kind: "outside", lo: 10, hi: 20 });

  // A bad file: refused with its reason, the rules unchanged.
  const bad = structuredClone(exported);
  bad.rules[0].subject = "Battery.NoSuchField";
  await dialog.getByTestId("rules-import-input").setInputFiles({
    name: "bad-rules.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  const result = dialog.getByTestId("rules-file-result");
  await expect(result).toContainText("bad-rules.json was refused; the rules did not change");
  await expect(result).toContainText('"Battery.NoSuchField" is not a numeric or boolean field');
  await expect(count).toHaveText(`${defaults + 1} rules`);
  await page.screenshot({ path: "/tmp/h3-import-refused.png" });

  // After a reload the saved rules are sent to the worker again.
  await page.reload();
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  const again = await openRules(page);
  await expect(again.getByTestId("rule-count")).toHaveText(`${defaults + 1} rules`);
  await again.getByLabel("Filter rules").fill("motor 1 heatsink");
  await expect(
    again
      .locator('[data-subject="MotorDetails1.HeatsinkTemperature"]')
      .filter({ hasText: "outside" }),
  ).toContainText("outside 10 °C to 20 °C");
});

test("motor flags read as named chips on the Motors and Faults tabs; the CSV keeps the number", async ({
  page,
}) => {
  // The fixture with motor 0 reporting a hardware over current and a past
  // reset (bits 0 and 4: 17), limited by motor current (bit 1: 2).
  const rows = Papa.parse<string[]>(
    readFileSync(`${FIXTURES}helios-import.csv`, "utf8").trimEnd(),
  ).data;
  const header = rows[0]!;
  const errorColumn = header.indexOf("MotorDetails0.ErrorFlags");
  const limitColumn = header.indexOf("MotorDetails0.LimitFlags");
  for (const row of rows.slice(1)) {
    row[errorColumn] = "17";
    row[limitColumn] = "2";
  }
  const csvPath = test.info().outputPath("motor-flags.csv");
  writeFileSync(csvPath, Papa.unparse(rows));

  await gotoPastLoading(page, url("/motors"));
  await page.getByTestId("open-csv-export").click();
  const csv = page.getByRole("dialog", { name: "Export CSV" });
  await csv.getByTestId("csv-import-input").setInputFiles(csvPath);
  await expect(csv.getByTestId("csv-import-result")).toContainText("Imported 30 of 30 rows");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("status-imported")).toBeVisible();

  const errorRow = page.locator('[data-field="MotorDetails0.ErrorFlags"]');
  await expect(errorRow.locator('[data-tone="danger"]')).toHaveText("hardware over current");
  await expect(errorRow.locator('[data-tone="primary"]')).toHaveText("watchdog caused last reset");
  const limitRow = page.locator('[data-field="MotorDetails0.LimitFlags"]');
  await expect(limitRow.locator('[data-tone="none"]')).toHaveText("motor current limit");
  await page.screenshot({ path: "/tmp/h3-motor-chips.png" });

  await page.getByTestId("tab-faults").click();
  const faults = page.getByTestId("panel-faults");
  await expect(
    faults.locator('[data-field="MotorDetails0.ErrorFlags"] [data-tone="danger"]'),
  ).toHaveText("hardware over current");
  await expect(page.getByTestId("fault-summary")).toContainText("1 active fault");
  await page.screenshot({ path: "/tmp/h3-faults-chips.png" });

  // The export writes the number, not the names.
  await page.keyboard.press("e");
  const exportDialog = page.getByRole("dialog", { name: "Export CSV" });
  const downloading = page.waitForEvent("download");
  await exportDialog.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloading;
  const exported = Papa.parse<string[]>(
    readFileSync((await download.path())!, "utf8").trimEnd(),
  ).data;
  const column = exported[0]!.findIndex((name) => name.startsWith("MotorDetails0.ErrorFlags"));
  expect(column).toBeGreaterThan(0);
  expect(exported.slice(1).every((row) => row[column] === "17")).toBe(true);
});

test("saved rules this build refuses: one toast, the defaults apply, the saved file is kept", async ({
  page,
}) => {
  const otherBuild = JSON.stringify({ format: "helios-alert-rules", version: 2, rules: [] });
  await page.addInitScript((text) => localStorage.setItem("alertRules", text), otherBuild);
  await pauseClock(page);
  await page.goto(appUrl("/", { offline: "1" }));
  await page.clock.runFor(DEMO_SCREEN_GONE_MS + 400);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0);
  const toasts = page.locator(".helios-toaster .bp6-toast", { hasText: "saved alert rules" });
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText("the defaults apply: version: version must be 1");
  expect(await page.evaluate(() => localStorage.getItem("alertRules"))).toBe(otherBuild);
});
