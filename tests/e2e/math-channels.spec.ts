// Issue 37: the math channels editor in Chromium against the real worker (DEMO):
// open it from the settings, add "Double Pack Voltage" = Battery.PackVoltage * 2
// in V, export it, refuse a bad import with its reason and nothing changed, keep
// it over a reload, delete it and it stays deleted (a saved empty list is not
// "nothing saved": the starter set does not come back). The field pickers end
// with "New math channel…". The worker's problems show as the user types, and
// a saved channel is in the picker under Math, plotted and in the Math tab.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";
import { openParquet } from "../unit/parquet-read";

const url = (path: string) =>
  `${path}?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20&e2eHooks=1`;

async function openApp(page: Page, path = "/") {
  await gotoPastLoading(page, url(path));
}

async function openEditorFromSettings(page: Page) {
  await page.keyboard.press("s");
  await page.getByTestId("open-math-channels").click();
  const dialog = page.getByRole("dialog", { name: "Math channels" });
  await expect(dialog.getByTestId("math-add")).toBeVisible();
  return dialog;
}

const storedChannels = (page: Page) =>
  page.evaluate(() => {
    const text = localStorage.getItem("mathChannels");
    return text === null ? null : (JSON.parse(text) as { mathChannels: { name: string }[] });
  });

async function addDoublePackVoltage(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Math channels" });
  await dialog.getByTestId("math-add").click();
  await dialog.getByTestId("math-label").fill("Double Pack Voltage");
  // The name follows the label until the user types one.
  await expect(dialog.getByTestId("math-name")).toHaveValue("DoublePackVoltage");
  await dialog.getByTestId("math-unit").fill("V");
  await dialog.getByTestId("math-description").fill("Twice the pack voltage");
  await dialog.getByTestId("math-expression").fill("Battery.PackVoltage * 2");
  await expect(dialog.getByTestId("math-save")).toBeEnabled();
  await page.screenshot({ path: "/tmp/h4-math-editor.png" });
  await dialog.getByTestId("math-save").click();
  const row = dialog.locator('[data-channel="DoublePackVoltage"]');
  await expect(row).toContainText("Double Pack Voltage");
  await expect(row).toContainText("(V)");
  await expect(row).toContainText("Battery.PackVoltage * 2");
  return row;
}

test("add a channel from the settings, export it, refuse a bad import, keep it over a reload, delete it for good", async ({
  page,
}) => {
  await openApp(page);
  const dialog = await openEditorFromSettings(page);
  // A first run: nothing saved, the starter set (the lead's) is in force and not saved itself.
  expect(await storedChannels(page)).toBeNull();
  const starter = await dialog.locator("[data-channel]").count();

  await addDoublePackVoltage(page);
  await expect(dialog.getByTestId("math-file-result")).toContainText("Saved Double Pack Voltage");
  expect((await storedChannels(page))!.mathChannels.map((c) => c.name)).toContain(
    "DoublePackVoltage",
  );
  await page.screenshot({ path: "/tmp/h4-math-list.png" });

  // Export: the worker's channels file, with the new channel in it.
  const downloading = page.waitForEvent("download");
  await dialog.getByTestId("math-export").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("helios-math-channels.json");
  const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(exported.mathChannels).toContainEqual({
    name: "DoublePackVoltage",
    label: "Double Pack Voltage",
    expression: "Battery.PackVoltage * 2",
    unit: "V",
    description: "Twice the pack voltage",
  });

  // A bad file: refused with its reason, nothing changed.
  await dialog.getByTestId("math-import-input").setInputFiles({
    name: "bad-channels.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"rules": []}'),
  });
  const refusal = dialog.getByTestId("math-file-result");
  await expect(refusal).toContainText(
    "bad-channels.json was refused; the channels did not change:",
  );
  // The worker's reason follows the colon.
  await expect(refusal).toHaveText(/did not change: \S+/);
  await page.screenshot({ path: "/tmp/h4-math-refused.png" });
  await expect(dialog.locator("[data-channel]")).toHaveCount(starter + 1);

  // Reload: the saved channels go back to the worker.
  await reloadPastLoading(page);
  const again = await openEditorFromSettings(page);
  const row = again.locator('[data-channel="DoublePackVoltage"]');
  await expect(row).toContainText("Double Pack Voltage");
  await expect(again.locator("[data-channel]")).toHaveCount(starter + 1);

  // Edit opens the form on it; duplicate opens a copy under a free name.
  await row.getByTestId("math-duplicate").click();
  // The value and its last minute come from the worker a moment later; Save
  // and Cancel stay where they were (the row arriving pushed them 23 px, and
  // a click on its way there missed).
  const cancel = again.getByTestId("math-cancel");
  const before = await cancel.boundingBox();
  expect(before).not.toBeNull();
  await expect(again.getByTestId("math-value")).toHaveText(/^\d+(\.\d+)? V$/);
  expect((await cancel.boundingBox())?.y).toBe(before!.y);
  await expect(again.getByTestId("math-name")).toHaveValue("DoublePackVoltageCopy");
  await expect(again.getByTestId("math-label")).toHaveValue("Double Pack Voltage (copy)");
  await cancel.click();
  await expect(cancel).toHaveCount(0);

  // Delete: gone, and still gone after a reload (the starter set does not come back).
  await row.getByTestId("math-list-delete").click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(again.locator('[data-channel="DoublePackVoltage"]')).toHaveCount(0);
  await reloadPastLoading(page);
  const last = await openEditorFromSettings(page);
  await expect(last.locator("[data-channel]")).toHaveCount(starter);
  expect((await storedChannels(page))!.mathChannels.map((c) => c.name)).not.toContain(
    "DoublePackVoltage",
  );
});

test("the field pickers end with New math channel…, which opens the editor on a new channel", async ({
  page,
}) => {
  await openApp(page, "/plots");
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await page
    .locator(".plot-card")
    .first()
    .getByRole("button", { name: "Add or remove fields" })
    .click();
  await page.getByTestId("picker-new-math-channel").click();
  const dialog = page.getByRole("dialog", { name: "Math channels" });
  await expect(dialog.getByTestId("math-editor")).toBeVisible();
  await expect(dialog.getByTestId("math-name")).toHaveValue("");
  await page.screenshot({ path: "/tmp/h4-math-from-picker.png" });
});

test("the Math tab lists no channel with a way to add one, and shift+M opens the editor", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem("mathChannels", '{"mathChannels": []}'));
  await openApp(page, "/math");
  await expect(page.getByText("No math channels")).toBeVisible();
  await page.screenshot({ path: "/tmp/h4-math-tab-empty.png" });
  await page.keyboard.press("Shift+M");
  await expect(page.getByRole("dialog", { name: "Math channels" })).toBeVisible();
  await expect(page.getByTestId("math-list-empty")).toBeVisible();
});

// needs the channel stage: the skeleton (workers/telemetry/math/MathChannels.ts)
// neither checks expressions nor puts channels in the field catalog or the history.
test("the worker's problems show as the user types; a saved channel is in the picker under Math, plotted and in the Math tab", async ({
  page,
}) => {
  await openApp(page);
  const dialog = await openEditorFromSettings(page);
  await dialog.getByTestId("math-add").click();
  await dialog.getByTestId("math-label").fill("Double Pack Voltage");
  await dialog.getByTestId("math-unit").fill("V");
  // An unknown field: named, with the nearest real one, its place marked; Save waits.
  await dialog.getByTestId("math-expression").fill("Battery.PackVoltag * 2");
  await expect(dialog.getByTestId("math-problems")).toContainText("Battery.PackVoltage");
  await expect(dialog.getByTestId("math-problem-place").locator("mark")).toHaveText("B");
  await expect(dialog.getByTestId("math-save")).toBeDisabled();
  await page.screenshot({ path: "/tmp/h4-math-problem.png" });
  await dialog.getByTestId("math-expression").fill("Battery.PackVoltage * 2");
  await expect(dialog.getByTestId("math-problems")).toHaveCount(0);
  // The value now and the last minute as a line.
  await expect(dialog.getByTestId("math-value")).toHaveText(/^\d+(\.\d+)? V$/);
  await expect(dialog.locator('[data-testid="math-sparkline"] path')).toHaveAttribute("d", /^M/);
  await dialog.getByTestId("math-save").click();
  // Saved in the browser once the worker has taken it (before leaving the page).
  await expect(dialog.getByTestId("math-file-result")).toContainText("Saved Double Pack Voltage");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  // The picker lists it under Math; plotted beside Pack Voltage, it reads twice as much.
  await reloadPastLoading(page, url("/plots"));
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Add plot" }).click();
  const card = page.locator(".plot-card").last();
  await card.getByRole("button", { name: "Add or remove fields" }).click();
  await expect(page.locator(".plot-field-menu")).toContainText("Math");
  await page.getByPlaceholder("Search fields…").fill("pack voltage");
  await page.locator('[data-path="Battery.PackVoltage"]').click();
  await page.locator('[data-path="DoublePackVoltage"]').click();
  await page.keyboard.press("Escape");
  await expect(card.locator(".plot-card-title")).toContainText("Double Pack Voltage");
  const values = card.locator(".u-legend .u-series .u-value");
  await expect
    .poll(async () => {
      const texts = await values.allTextContents();
      const [pack, double] = texts.slice(-2).map((t) => Number.parseFloat(t));
      return pack! > 0 ? double! / pack! : null;
    })
    .toBeCloseTo(2, 2);

  // The Math tab shows it as a field table row.
  await reloadPastLoading(page, url("/math"));
  await expect(page.getByTestId("panel-math")).toContainText("Double Pack Voltage");
});

/** Opens the export dialog, picks a format, exports every field; the downloaded file's bytes. */
async function exportEveryField(page: Page, format: "CSV" | "Parquet"): Promise<Buffer> {
  await page.getByTestId("open-csv-export").click();
  const dialog = page.getByRole("dialog", { name: "Export CSV or Parquet" });
  await dialog.locator("label", { hasText: new RegExp(`^${format}$`) }).click();
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloading;
  await expect(dialog.getByTestId("csv-message")).toContainText("Exported");
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
  return readFileSync((await download.path())!);
}

test("a channel added in the UI is exported in CSV and Parquet, kept over a reload and computed again in a replay", async ({
  page,
}) => {
  await openApp(page);
  await openEditorFromSettings(page);
  await addDoublePackVoltage(page);
  // Close the editor, then the settings under it.
  await page
    .getByRole("dialog", { name: "Math channels" })
    .getByRole("button", { name: "Close" })
    .click();
  const overlays = page.locator(".bp6-overlay-open");
  await expect
    .poll(async () => {
      if ((await overlays.count()) > 0) await page.keyboard.press("Escape");
      return overlays.count();
    })
    .toBe(0);
  await expect(page.getByTestId("status-history")).toContainText("/", { timeout: 20_000 });

  // CSV: the channel's column with its unit, twice the pack voltage on every row.
  const csv = exportEveryField(page, "CSV").then((b) => b.toString("utf8"));
  const [header, ...rows] = (await csv).trimEnd().split(/\r?\n/);
  const columns = header!.split(",");
  const volts = columns.indexOf("Battery.PackVoltage [V]");
  const doubled = columns.indexOf("DoublePackVoltage [V]");
  expect(doubled).toBeGreaterThan(volts);
  expect(rows.length).toBeGreaterThan(5);
  for (const row of rows.slice(-5)) {
    const cells = row.split(",");
    expect(Number(cells[doubled])).toBeCloseTo(2 * Number(cells[volts]), 1);
  }

  // Parquet: the same column, a DOUBLE, read back by DuckDB.
  const parquet = await openParquet(await exportEveryField(page, "Parquet"));
  try {
    const [check] = await parquet.query(
      `SELECT count(*)::INTEGER AS n, max(abs("DoublePackVoltage" - 2 * "Battery.PackVoltage"))::DOUBLE AS worst FROM ${parquet.table}`,
    );
    expect(check!.n).toBeGreaterThan(5);
    expect(check!.worst).toBeLessThan(1e-3);
  } finally {
    parquet.close();
  }

  // A reload keeps the channel; the session recorded before it replays with it
  // computed again from the replayed packets.
  await reloadPastLoading(page, url("/sessions"));
  const row = page.getByTestId("session-row").last();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByTestId("session-replay").click();
  await expect(page.getByTestId("status-connection-type")).toContainText("PLAYBACK");
  // Paused at the replay's first packet: the channel reads twice its pack voltage.
  await expect(page.getByTestId("transport-play")).toBeEnabled();
  const shown = (path: string) => page.locator(`[data-field="${path}"] .live-value`).first();
  await page.getByTestId("tab-math").click();
  await expect(shown("DoublePackVoltage")).toHaveText(/\d/, { timeout: 20_000 });
  const doubledText = (await shown("DoublePackVoltage").textContent())!;
  await page.screenshot({ path: "/tmp/i37-math-replay.png" });
  await page.getByTestId("tab-battery").click();
  await expect(shown("Battery.PackVoltage")).toHaveText(/\d/);
  const packText = (await shown("Battery.PackVoltage").textContent())!;
  expect(Number.parseFloat(doubledText)).toBeCloseTo(2 * Number.parseFloat(packText), 0);
});
