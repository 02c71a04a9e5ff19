import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { NO_BACKEND_URL } from "./e2e-env";
import { openParquet } from "../unit/parquet-read";
import { gotoPastLoading } from "./shell-helpers";

// Sessions → export season, into a folder: the File System Access API's
// picker is replaced by a folder held in page memory (a real one needs a
// person to pick it), which can hold writes back, or run out of room.

const SESSIONS_URL = `/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

declare global {
  interface Window {
    seasonFolder: {
      files: Map<string, number>;
      /** Bytes that fit; writes past them throw QuotaExceededError. */
      room: number;
      /** While set, each write waits for it. */
      hold: Promise<void> | null;
      release(): void;
    };
  }
}

async function memoryFolder(page: Page, room = 1e12, hold = false) {
  await page.addInitScript(
    ({ room, hold }) => {
      let release = () => {};
      const folder = {
        files: new Map<string, number>(),
        room,
        hold: hold ? new Promise<void>((r) => (release = r)) : null,
        release: () => release(),
      };
      window.seasonFolder = folder;
      let used = 0;
      const dir = (path: string, name: string): unknown => ({
        name,
        getDirectoryHandle: async (child: string) => dir(`${path}${child}/`, child),
        getFileHandle: async (file: string) => {
          folder.files.set(`${path}${file}`, -1); // an empty entry until it is closed
          return {
            createWritable: async () => {
              let size = 0;
              return {
                write: async (data: Uint8Array) => {
                  if (folder.hold) await folder.hold;
                  if (used + data.byteLength > folder.room)
                    throw new DOMException("no room", "QuotaExceededError");
                  used += data.byteLength;
                  size += data.byteLength;
                },
                close: async () => void folder.files.set(`${path}${file}`, size),
                abort: async () => undefined,
              };
            },
          };
        },
        removeEntry: async (file: string) => void folder.files.delete(`${path}${file}`),
      });
      Object.assign(window, { showDirectoryPicker: async () => dir("", "Data") });
    },
    { room, hold },
  );
}

/** Records a few seconds of DEMO, then opens the Sessions tab. */
async function recordThenOpenSessions(page: Page) {
  await gotoPastLoading(page, SESSIONS_URL);
  await expect(page.getByTestId("session-row").first()).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(
      async () =>
        Number(
          (await page.getByTestId("session-packets").first().textContent())!.replace(/,/g, ""),
        ),
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(60);
}

const files = (page: Page) =>
  page.evaluate(() => [...window.seasonFolder.files].map(([path, size]) => ({ path, size })));

test("a season goes into the picked folder as Hive partitions, and says so", async ({ page }) => {
  await memoryFolder(page);
  await recordThenOpenSessions(page);
  await page.getByTestId("season-export-start").click();
  await expect(page.getByTestId("season-export-outcome")).toContainText(
    /Exported 1 session \([\d,]+ rows\) to Data\/helios-season-\d{8}T\d{6}Z\./,
  );
  const written = await files(page);
  expect(written.length).toBeGreaterThan(0);
  for (const { path, size } of written) {
    expect(path).toMatch(
      /^helios-season-\w+\/(telemetry|laps|notes)\/date=\d{4}-\d{2}-\d{2}\/session=[\w-]+\/part-\d+\.parquet$/,
    );
    expect(size).toBeGreaterThan(0);
  }
  expect(written.some((f) => f.path.includes("/telemetry/"))).toBe(true);
  // The form, the Pick column and the outcome pass axe.
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="panel-sessions"]')
    .analyze();
  expect(
    violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => v.id),
  ).toEqual([]);
  await page.screenshot({ path: "test-results/season-export.png", fullPage: true });
});

test("Cancel in the status bar stops the export and leaves no unfinished file", async ({
  page,
}) => {
  await memoryFolder(page, 1e12, true);
  await recordThenOpenSessions(page);
  await page.getByTestId("season-export-start").click();
  const progress = page.getByTestId("status-season");
  await expect(progress).toContainText(/Season export: [\d,]+ of [\d,]+ rows/);
  await progress.getByRole("button", { name: "Cancel" }).click();
  await page.evaluate(() => window.seasonFolder.release());
  await expect(page.getByTestId("season-export-outcome")).toHaveText(
    /Season export cancelled: nothing unfinished was left in Data\/helios-season-/,
  );
  await expect(progress).toHaveCount(0);
  // The file being written when Cancel came is gone; nothing else was begun.
  expect(await files(page)).toEqual([]);
});

test("a folder with no room says what was written and what was not", async ({ page }) => {
  await memoryFolder(page, 1000);
  await recordThenOpenSessions(page);
  await page.getByTestId("season-export-start").click();
  const outcome = page.getByTestId("season-export-outcome");
  await expect(outcome).toContainText('The folder "Data/helios-season-');
  await expect(outcome).toContainText(
    'ran out of room. Written whole (0 files): none. Not written: "DEMO',
  );
  await expect(outcome).toContainText(
    /The unfinished file telemetry\/date=.*part-0\.parquet was removed\./,
  );
  expect(await files(page)).toEqual([]);
});

test("without a folder picker the season downloads as one zip of whole Parquet files", async ({
  page,
}) => {
  await page.addInitScript(() => Object.assign(window, { showDirectoryPicker: undefined }));
  await recordThenOpenSessions(page);
  const start = page.getByTestId("season-export-start");
  await expect(start).toHaveText("Export season as a zip");
  const download = page.waitForEvent("download");
  await start.click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/^helios-season-\d{8}T\d{6}Z\.zip$/);
  const entries = unzipSync(new Uint8Array(readFileSync(await zip.path())));
  const paths = Object.keys(entries);
  expect(
    paths.some((p) => /^telemetry\/date=[\d-]+\/session=[\w-]+\/part-0\.parquet$/.test(p)),
  ).toBe(true);
  for (const bytes of Object.values(entries)) {
    // A whole Parquet file begins and ends with its magic.
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("PAR1");
    expect(new TextDecoder().decode(bytes.subarray(-4))).toBe("PAR1");
  }
  const outcome = page.getByTestId("season-export-outcome");
  await expect(outcome).toContainText("Exported 1 session");
  // Read back by DuckDB: every row the outcome counts, with its values (the
  // core frees each span's buffers once copied: none went before it was).
  const said = Number(
    /\(([\d,]+) rows\)/.exec((await outcome.textContent())!)![1]!.replace(/,/g, ""),
  );
  let rows = 0;
  for (const [path, bytes] of Object.entries(entries)) {
    if (!path.startsWith("telemetry/")) continue;
    const file = await openParquet(bytes);
    try {
      const [part] = await file.query(
        `SELECT count(*)::INTEGER AS n, count(*) FILTER (WHERE "Battery.PackVoltage" > 0)::INTEGER AS volts FROM ${file.table}`,
      );
      expect(part!.volts).toBe(part!.n);
      rows += part!.n as number;
    } finally {
      file.close();
    }
  }
  expect(rows).toBe(said);
});
