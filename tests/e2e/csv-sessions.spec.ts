// Import CSV from the Sessions view: a dialog for the import alone.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading } from "./shell-helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

test("Sessions: Import CSV refuses a file that is not CSV, then replays the fixture marked IMPORTED", async ({
  page,
}, testInfo) => {
  await gotoPastLoading(
    page,
    `/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`,
  );
  await expect(page.getByTestId("status-history")).toContainText("/", { timeout: 30_000 });

  await page.getByTestId("sessions-import-csv").click();
  const dialog = page.getByRole("dialog", { name: "Import CSV" });
  await expect(dialog).toBeVisible();
  // Import only: no export choices, no Export button.
  await expect(dialog.getByText("Time range")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Export", exact: true })).toHaveCount(0);

  const notCsv = testInfo.outputPath("notes.csv");
  writeFileSync(notCsv, "shopping list\nmilk\neggs\n");
  await dialog.getByTestId("csv-import-input").setInputFiles(notCsv);
  await expect(dialog.getByTestId("csv-import-result")).toContainText(
    "No Helios telemetry columns",
  );
  await expect(page.getByTestId("status-imported")).toHaveCount(0);

  await dialog.getByTestId("csv-import-input").setInputFiles(`${FIXTURES}helios-import.csv`);
  await expect(dialog.getByTestId("csv-import-result")).toContainText(
    "Imported 30 of 30 rows from helios-import.csv",
  );
  await page.screenshot({ path: "/tmp/h9-sessions-import.png" });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("status-imported")).toHaveText("IMPORTED helios-import.csv");
  await expect(page.getByTestId("status-history")).toContainText("30 / ");
  // The import is kept as a session of its own: listed with its 30 rows, source IMPORT.
  const kept = page.getByTestId("session-row").filter({ hasText: "IMPORT" });
  await expect(kept.getByTestId("session-packets")).toHaveText("30");
});
