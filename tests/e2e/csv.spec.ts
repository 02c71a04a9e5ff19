// CSV export and import through the dialog, in Chromium against the real worker.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import Papa from "papaparse";
import { NO_BACKEND_URL } from "./e2e-env";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const WIRE_FIELDS = readFileSync(`${FIXTURES}telemetry-fields.tsv`, "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split("\t")[0]!);

// This computer's zone is UTC; the app shows the race's zone (the demo track's), so what
// the tests read does not depend on the machine they run on.
test.use({ timezoneId: "UTC" });

// A full history ring keeps a constant length (the newest `capacity` packets),
// so the rows of an export of it must equal that count exactly.
const CAPACITY = 3000;
const url = (path: string) =>
  `${path}?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=1000&capacity=${CAPACITY}`;

test("DEMO: export with the defaults, every field, one row per stored packet, no long task", async ({
  page,
}) => {
  await page.goto(url("/"));
  const history = page.getByTestId("status-history");
  await expect(history).toContainText(`${CAPACITY.toLocaleString("en-US")} / `, {
    timeout: 30_000,
  });
  // Without a backend the loading screen stays up for ~9 s (SPEC: forced off
  // at 5 s, ready 3 s later, removed 0.8 s after that). Its removal repaints
  // the whole page: a long task that is start-up's, not the export's.
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 15_000 });

  await page.keyboard.press("e");
  const dialog = page.getByRole("dialog", { name: "Export CSV" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Every field", { exact: false })).toBeChecked();
  await expect(dialog.getByLabel("Whole history")).toBeChecked();
  await expect(dialog.getByLabel("Every packet")).toBeChecked();

  // Watch the main thread for long tasks: first idle with the dialog open (the
  // page's own baseline), then while the worker writes the file.
  await page.evaluate(() => {
    const w = window as Window & { longTasks?: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks!.push(entry.duration);
    }).observe({ type: "longtask" });
  });
  const takeLongTasks = () =>
    page.evaluate(() => {
      const w = window as Window & { longTasks?: number[] };
      const tasks = w.longTasks ?? [];
      w.longTasks = [];
      return tasks;
    });
  await page.waitForTimeout(3000);
  const idleLongTasks = (await takeLongTasks()).filter((ms) => ms > 50);
  const downloadPromise = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^helios-demo-\d{8}T\d{6}Z-\d{8}T\d{6}Z\.csv$/);
  await expect(page.getByTestId("csv-message")).toContainText(
    `Exported ${CAPACITY.toLocaleString("en-US")} rows`,
  );
  const exportLongTasks = (await takeLongTasks()).filter((ms) => ms > 50);
  if (idleLongTasks.length === 0) {
    expect(exportLongTasks).toEqual([]);
  } else {
    // A machine that stalls the idle page cannot judge the export: say so.
    test.info().annotations.push({
      type: "warning",
      description: `main thread already had long tasks while idle (${idleLongTasks.join(", ")} ms); export had ${exportLongTasks.join(", ") || "none"}`,
    });
  }

  const text = readFileSync((await download.path())!, "utf8");
  const parsed = Papa.parse<string[]>(text.trimEnd());
  const [header, ...rows] = parsed.data;
  const paths = header!.map((name) => name.replace(/ \[[^\]]*\]$/, ""));
  expect(paths.slice(0, 2)).toEqual(["Time (ISO 8601 UTC)", "Time (epoch ms)"]);
  for (const field of WIRE_FIELDS) expect(paths).toContain(field);
  expect(paths.filter((p) => p.startsWith("Derived.")).length).toBeGreaterThan(0);
  expect(header).toContain("Battery.PackVoltage [V]");
  expect(rows).toHaveLength(CAPACITY);
  expect(rows.every((row) => row.length === header!.length)).toBe(true);
  // Rows are in packet order.
  const times = rows.map((row) => Number(row[1]));
  expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
});

test("import a fixture CSV: its values show in the panels and plots, marked IMPORTED", async ({
  page,
}) => {
  await page.goto(url("/battery"));
  await expect(page.getByTestId("status-history")).toContainText("/", { timeout: 30_000 });
  await page.getByTestId("open-csv-export").click();
  const dialog = page.getByRole("dialog", { name: "Export CSV" });
  await dialog.getByTestId("csv-import-input").setInputFiles(`${FIXTURES}helios-import.csv`);
  await expect(dialog.getByTestId("csv-import-result")).toContainText(
    "Imported 30 of 30 rows from helios-import.csv",
  );
  await page.keyboard.press("Escape");

  await expect(page.getByTestId("status-imported")).toHaveText("IMPORTED helios-import.csv");
  await expect(page.getByTestId("status-history")).toContainText("30 / ");
  const main = page.locator("main");
  // Pack Voltage 123.45 in the file: a 32-bit column holds 123.4499…, shown to 4 digits.
  await expect(main.getByText(/^123\.[45]$/).first()).toBeVisible();
  await page.screenshot({ path: "/tmp/h9-imported-battery.png" });

  await page.getByTestId("tab-plots").click();
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  // The plots follow the imported history: its last time (2025-06-15T15:07:09Z) is on the x axis range.
  const velocity = page.locator('[data-plot-id="speed"]');
  // The cursor at the right end of the plot reads the file's last row (15:07:09 UTC, 34.5 m/s
  // in the file, shown as 124.2 km/h). Times are shown in the race's zone (the demo track's,
  // America/Chicago: 10:07:09 on that June day), whatever this computer's zone.
  const over = velocity.locator(".u-over");
  await expect(over).toBeVisible(); // the chart mounts after the lazy panel
  // On a busy machine the chart can still be laying out when the mouse first
  // arrives: move again until the cursor readout shows.
  await expect(async () => {
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect(velocity).toContainText("10:07:09", { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(velocity).toContainText("124.2");
  await page.screenshot({ path: "/tmp/h9-imported-plots.png" });

  await page.getByTestId("transport-live").click();
  await expect(page.getByTestId("status-imported")).toHaveCount(0);
  await expect(main).not.toContainText("IMPORTED");
});

test("the navbar's Export offers the zoomed plots' window and writes exactly its rows", async ({
  page,
}) => {
  // 20 packets/s: a zoom into 6 s of data holds a hundred or so rows.
  await page.goto(`/plots?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`);
  const over = page.locator('[data-plot-id="pack"] .u-over');
  await expect(over).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole("button", { name: "30 s" }).click();
  await page.waitForTimeout(6000); // data across the right half of the window, to zoom into
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.7, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, y, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByTestId("plots-mode")).toHaveText("Zoomed");

  await page.getByTestId("open-csv-export").click();
  const dialog = page.getByRole("dialog", { name: "Export CSV" });
  const windowChoice = dialog.getByTestId("csv-range-window");
  // Offered, named with its times, and chosen: the zoom is what the user looks at.
  await expect(dialog.getByText(/^The plots' visible window \(\d\d\/\d\d\/\d{4}, /)).toBeVisible();
  await expect(windowChoice).toBeChecked();
  const from = Number(await windowChoice.getAttribute("data-from"));
  const to = Number(await windowChoice.getAttribute("data-to"));
  expect(to - from).toBeGreaterThan(0.5);

  const exportRows = async () => {
    const downloadPromise = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const text = readFileSync((await (await downloadPromise).path())!, "utf8");
    return Papa.parse<string[]>(text.trimEnd()).data.slice(1);
  };
  const rows = await exportRows();
  const times = rows.map((row) => Number(row[1]) / 1000);
  expect(times.length).toBeGreaterThan(5);
  expect(Math.min(...times)).toBeGreaterThanOrEqual(from);
  expect(Math.max(...times)).toBeLessThanOrEqual(to);
  // Exactly its rows: the whole history's rows within the window, none more, none fewer
  // (a comparison with the stored packets, not with the demo's 50 ms pace, which a busy
  // machine stretches).
  await dialog.getByText("Whole history", { exact: true }).click();
  await expect(dialog.getByLabel("Whole history")).toBeChecked();
  const inWindow = (await exportRows()).filter((row) => {
    const t = Number(row[1]) / 1000;
    return t >= from && t <= to;
  });
  expect(rows).toEqual(inWindow);

  // Back to live: nothing fixed to offer.
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId("plots-live").click();
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  await page.getByTestId("open-csv-export").click();
  await expect(dialog.getByLabel("Whole history")).toBeChecked();
  await expect(dialog.getByTestId("csv-range-window")).toHaveCount(0);
});
