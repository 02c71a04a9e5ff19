// Parquet export through the dialog, in Chromium against the real worker; the
// downloaded file is read back by DuckDB (an independent reader) in Node.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { openParquet } from "../unit/parquet-read";

// A full history ring keeps a constant length (the newest `capacity` packets),
// so the rows of an export of it must equal that count exactly.
const CAPACITY = 2000;

test("DEMO: export as Parquet, a .parquet file DuckDB reads with one typed row per stored packet", async ({
  page,
}) => {
  await page.goto(
    `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=1000&capacity=${CAPACITY}`,
  );
  await expect(page.getByTestId("status-history")).toContainText(
    `${CAPACITY.toLocaleString("en-US")} / `,
    { timeout: 30_000 },
  );
  await page.getByTestId("open-csv-export").click();
  const dialog = page.getByRole("dialog", { name: "Export CSV or Parquet" });
  // A user clicks the label (the radio input itself sits under Blueprint's indicator).
  await dialog.locator("label", { hasText: /^Parquet$/ }).click();
  await expect(dialog.getByLabel("Parquet")).toBeChecked();
  await expect(dialog.getByTestId("csv-parquet-note")).toContainText("values as stored");
  await expect(dialog.getByLabel("Raw wire values")).toHaveCount(0);
  await dialog.screenshot({ path: "/tmp/i37-parquet-dialog.png" });

  const downloadPromise = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^helios-demo-.*\.parquet$/);
  await expect(dialog.getByTestId("csv-message")).toContainText(
    `Exported ${CAPACITY.toLocaleString("en-US")} rows`,
  );

  const file = await openParquet(readFileSync((await download.path())!));
  try {
    const [counted] = await file.query(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT "TimeStamp")::INTEGER AS times FROM ${file.table}`,
    );
    expect(counted).toEqual({ n: CAPACITY, times: CAPACITY });
    const described = await file.query(`DESCRIBE SELECT * FROM ${file.table}`);
    const types = Object.fromEntries(described.map((r) => [r.column_name, r.column_type]));
    expect(types).toMatchObject({
      TimeStamp: "TIMESTAMP WITH TIME ZONE",
      "Battery.PackVoltage": "FLOAT",
      "Telemetry.GpsLatitude": "DOUBLE",
      "B3.BrakeSwitchDigital": "BOOLEAN",
      Title: "VARCHAR",
    });
  } finally {
    file.close();
  }
});
