// Notes on the timeline (issue 61), in Chromium: a note made with the `i` key
// in one window shows in the other window's Notes tab at once, can be found,
// edited and deleted (with Undo) from either, and is still there after a reload.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { openOnFeed, startInjectedFeed } from "./injectedFeed";
import { gotoPastLoading, reloadPastLoading } from "./shell-helpers";

test.setTimeout(120_000);

const url = (path: string) => `${path}?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

/** One window: its clock runs past the loading screen. */
async function open(page: Page, path: string): Promise<void> {
  await gotoPastLoading(page, url(path));
}

/** Two windows share their context's clock: each waits the loading screen out. */
async function openBeside(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
}

const notesOf = (page: Page) =>
  page.getByRole("list", { name: "Notes, oldest first" }).getByRole("listitem");

test("a note made with the key in one window shows in the other, is edited, deleted and undone, and outlives a reload", async ({
  context,
}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openBeside(a, "/notes");
  await openBeside(b, "/notes");
  await expect(a.getByText("No notes yet")).toBeVisible();
  // Some packets first: the note stamps the newest one's moment.
  await expect(a.getByTestId("status-history")).toContainText(/History\s+[1-9]/, {
    timeout: 20_000,
  });

  await a.keyboard.press("i");
  const dialog = a.getByRole("dialog");
  await expect(dialog).toContainText(/Note at \d\d:\d\d:\d\d/);
  const stamped = /Note at (\d\d:\d\d:\d\d)/.exec((await dialog.textContent()) ?? "")![1]!;
  // The key that opened it did not land in the text.
  await expect(dialog.getByRole("textbox", { name: "Note", exact: true })).toHaveValue("");
  // No text: refused, said, and the dialog stays.
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("A note needs some text.");
  await dialog.getByRole("textbox", { name: "Note", exact: true }).fill("Driver swap");
  await dialog.getByLabel("Tags").fill("driver, pit");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(dialog).toHaveCount(0);

  for (const page of [a, b]) {
    await expect(notesOf(page)).toHaveCount(1, { timeout: 5_000 });
    await expect(notesOf(page).first()).toContainText("Driver swap");
    await expect(notesOf(page).first()).toContainText(stamped);
    await expect(notesOf(page).first()).toContainText("Window 1");
  }
  await a.screenshot({ path: test.info().outputPath("notes-desktop.png") });
  await b.setViewportSize({ width: 390, height: 844 });
  await b.screenshot({ path: test.info().outputPath("notes-phone.png") });

  // Found by a tag, not by a word it lacks.
  await b.getByLabel("Search notes").fill("PIT");
  await expect(notesOf(b)).toHaveCount(1);
  await b.getByLabel("Search notes").fill("rain");
  await expect(b.getByText("No note matches.")).toBeVisible();
  await expect(notesOf(b)).toHaveCount(0);
  await b.getByLabel("Search notes").fill("");

  // Edited in B: A shows the new text.
  await notesOf(b)
    .first()
    .getByRole("button", { name: /^Edit the note/ })
    .click();
  await b.getByRole("textbox", { name: "Note", exact: true }).fill("Driver swap: Sam in");
  await b.getByRole("button", { name: "Save", exact: true }).click();
  await expect(notesOf(a).first()).toContainText("Driver swap: Sam in", { timeout: 5_000 });

  // Deleted in A, and put back with Undo.
  await notesOf(a)
    .first()
    .getByRole("button", { name: /^Delete the note/ })
    .click();
  await expect(b.getByText("No notes yet")).toBeVisible({ timeout: 5_000 });
  // Apart from the car's notifications, which come and go at the right.
  const undoToast = a.locator(".helios-action-toaster .bp6-toast", { hasText: "Note deleted" });
  await expect(undoToast).toBeVisible();
  await a.screenshot({ path: test.info().outputPath("notes-undo-toast.png") });
  await undoToast.getByRole("button", { name: "Undo" }).click();
  await expect(notesOf(b).first()).toContainText("Driver swap: Sam in", { timeout: 5_000 });

  // A reload of the only window: the note comes back with the session.
  await b.close();
  await a.reload();
  await expect(a.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
  await expect(notesOf(a).first()).toContainText("Driver swap: Sam in", { timeout: 20_000 });
});

test("a note shows on the plots as a line, named under the pointer", async ({ page }) => {
  await open(page, "/plots");
  const plot = page.locator('[data-plot-id="speed"]');
  await expect(plot.locator(".plot-series-layer")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("status-history")).toContainText(/History\s+[1-9]\d/, {
    timeout: 20_000,
  });
  await page.keyboard.press("i");
  await page
    .getByRole("dialog")
    .getByRole("textbox", { name: "Note", exact: true })
    .fill("Driver swap");
  await page.getByRole("dialog").getByRole("button", { name: "Save note" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Held still a moment later: the line stays where the note was made, near the right edge.
  await page.waitForTimeout(1500);
  await page.keyboard.press("Space");
  const box = (await plot.locator(".plot-series-layer").boundingBox())!;
  const tip = plot.locator(".plot-note-tip");
  let found = -1;
  for (let x = box.width - 2; x > box.width / 2 && found < 0; x -= 3) {
    await page.mouse.move(box.x + x, box.y + box.height / 3);
    if (await tip.isVisible()) found = x;
  }
  expect(found).toBeGreaterThan(0);
  await expect(tip).toHaveText(/^Note \d\d:\d\d:\d\d \w+: Driver swap$/);
  await plot.screenshot({ path: test.info().outputPath("note-on-plot.png") });
  // Away from it, no tip.
  await page.mouse.move(box.x + 10, box.y + box.height / 3);
  await expect(tip).toBeHidden();

  // On the map, a pin where the car was.
  await page.getByTestId("tab-map").click();
  const pin = page.getByTestId("map-note-pin");
  await expect(pin).toHaveCount(1, { timeout: 10_000 });
  await expect(pin).toHaveAttribute("aria-label", /^Note \d\d:\d\d:\d\d \w+: Driver swap$/);
  await page.screenshot({ path: test.info().outputPath("note-on-map.png") });
});

test("an alert and a plot's selected range are noted from where they are shown", async ({
  page,
}) => {
  const server = await startInjectedFeed([
    { atSeconds: 2, field: "BatteryFaults.Errors.WeakCellFault", value: true, forSeconds: 3 },
  ]);
  try {
    await openOnFeed(page, server, "/alerts");
    // The alert: its note begins with its message and covers its span.
    const note = page.getByTestId("alert-note").first();
    await expect(note).toBeVisible({ timeout: 30_000 });
    await note.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(/Note (at|over) \d\d:\d\d:\d\d/);
    const text = dialog.getByRole("textbox", { name: "Note", exact: true });
    await expect(text).toHaveValue(/Weak Cell/i);
    await text.fill(`${await text.inputValue()}: sensor checked`);
    await dialog.getByRole("button", { name: "Save note" }).click();
    await expect(dialog).toHaveCount(0);

    // A range Alt-dragged on a plot: "Note this range…" in its statistics.
    await page.getByTestId("tab-plots").click();
    const over = page.locator('[data-plot-id="pack"] .u-over');
    await expect(over).toBeVisible({ timeout: 20_000 });
    // The chart is built again once its units are known: wait for the one that stays.
    await expect.poll(async () => (await over.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    const box = (await over.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.keyboard.down("Alt");
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, y, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.up("Alt");
    await page.getByTestId("range-stats-note").click();
    await expect(dialog).toContainText(/Note over \d\d:\d\d:\d\d \w+ – \d\d:\d\d:\d\d/);
    await dialog.getByRole("textbox", { name: "Note", exact: true }).fill("Stint 1 climb");
    await dialog.getByRole("button", { name: "Save note" }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByTestId("tab-notes").click();
    await expect(notesOf(page)).toHaveCount(2);
    await expect(page.getByTestId("panel-notes")).toContainText("sensor checked");
    // The range reads as a span: "…, for N s".
    await expect(notesOf(page).filter({ hasText: "Stint 1 climb" })).toContainText(/, for \d+ s/);
  } finally {
    await server.stop();
  }
});

test("notes leave as CSV and JSON, and a JSON file comes back in; a bad file changes nothing", async ({
  page,
}) => {
  await open(page, "/notes");
  await expect(page.getByTestId("status-history")).toContainText(/History\s+[1-9]/, {
    timeout: 20_000,
  });
  await page.keyboard.press("i");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Note", exact: true }).fill("Rain from the west");
  await dialog.getByLabel("Tags").fill("weather");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(notesOf(page)).toHaveCount(1);

  const saved = async (name: string) => {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name, exact: true }).click();
    const file = await download;
    const path = test.info().outputPath(file.suggestedFilename());
    await file.saveAs(path);
    return { path, text: readFileSync(path, "utf8"), name: file.suggestedFilename() };
  };
  const csv = await saved("CSV");
  expect(csv.name).toMatch(/^helios-\d{4}-\d\d-\d\d-notes\.csv$/);
  expect(csv.text.split("\r\n")[0]).toBe(
    "Start (UTC),End (UTC),Start (epoch s),End (epoch s),Text,Tags,Colour,Window",
  );
  expect(csv.text).toContain('"Rain from the west","weather",blue,"Window 1"');
  const json = await saved("JSON");

  // Deleted, then imported back from its JSON.
  await notesOf(page)
    .first()
    .getByRole("button", { name: /^Delete the note/ })
    .click();
  await expect(page.getByText("No notes yet")).toBeVisible();
  await page.getByTestId("notes-import-input").setInputFiles(json.path);
  await expect(page.getByTestId("notes-file-outcome")).toHaveText(
    `Imported 1 note from ${json.name}.`,
  );
  await expect(notesOf(page).first()).toContainText("Rain from the west");

  // A file that is not notes: said, and nothing changes.
  await page.getByTestId("notes-import-input").setInputFiles({
    name: "laps.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Lap,Time\n1,90.2\n"),
  });
  await expect(page.getByTestId("notes-file-outcome")).toContainText(
    'laps.csv is not a notes CSV: it needs the columns "Start (epoch s)" and "Text".',
  );
  await expect(notesOf(page)).toHaveCount(1);

  // A CSV export of the history saves the range's notes beside it.
  await page.keyboard.press("e");
  const exportDialog = page.getByRole("dialog");
  await expect(exportDialog.getByTestId("csv-notes")).toBeChecked();
  const files: string[] = [];
  page.on("download", (download) => files.push(download.suggestedFilename()));
  const notesFile = page.waitForEvent("download", (d) =>
    d.suggestedFilename().endsWith("-notes.csv"),
  );
  await exportDialog.getByRole("button", { name: "Export", exact: true }).click();
  const beside = await notesFile;
  const besideText = readFileSync((await beside.path())!, "utf8");
  expect(besideText).toContain('"Rain from the west"');
  await expect(page.getByTestId("csv-message")).toContainText(
    `, and 1 note to ${beside.suggestedFilename()}.`,
  );
  expect(
    files.some((name) => /^helios-demo-.*\.csv$/.test(name) && !name.endsWith("-notes.csv")),
  ).toBe(true);
  expect(beside.suggestedFilename()).toBe(
    files.find((n) => !n.endsWith("-notes.csv"))!.replace(/\.csv$/, "-notes.csv"),
  );
});

test("a replay of the session shows its notes on the scrubber, and keeps a note made during it with that session", async ({
  page,
}) => {
  await open(page, "/notes");
  await expect(page.getByTestId("status-history")).toContainText(/History\s+[1-9]\d/, {
    timeout: 20_000,
  });
  const note = async (text: string) => {
    await page.keyboard.press("i");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Note", exact: true }).fill(text);
    await dialog.getByRole("button", { name: "Save note" }).click();
    await expect(dialog).toHaveCount(0);
  };
  await note("Tyre check");
  await expect(notesOf(page)).toHaveCount(1);
  await page.waitForTimeout(3000); // packets after the note, so it falls inside the session

  // A reload in DEMO starts a new session; the one before holds the note.
  const replayOldest = async () => {
    await page.getByTestId("tab-sessions").click();
    const row = page.getByTestId("session-row").last();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.getByTestId("session-replay").click();
    await expect(page.getByTestId("transport-bar")).toBeVisible();
  };
  await reloadPastLoading(page, url("/sessions"));
  await replayOldest();
  const marks = page.getByTestId("transport-note-marks").locator(".helios-transport-note");
  await expect(marks).toHaveCount(1, { timeout: 20_000 });
  await expect(marks).toHaveAttribute("title", /^Note at \d\d:\d\d:\d\d: Tyre check$/);

  // A note made in the replay, at its clock: kept with the replayed session.
  await page.getByTestId("tab-notes").click();
  await expect(notesOf(page)).toHaveCount(1);
  await note("Seen in the replay");
  await expect(notesOf(page)).toHaveCount(2);
  await expect(marks).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath("notes-replay.png") });

  // Live again: the live session's notes do not hold it …
  await page.getByTestId("transport-live").click();
  await expect(page.getByTestId("transport-bar")).toHaveCount(0);
  await expect(page.getByTestId("panel-notes")).not.toContainText("Seen in the replay");
  // … and the next replay of that session does.
  await replayOldest();
  await expect(marks).toHaveCount(2, { timeout: 20_000 });
  await page.getByTestId("tab-notes").click();
  await expect(page.getByTestId("panel-notes")).toContainText("Seen in the replay");
});
