// Layouts as files and links (issue 61), in Chromium: a window's workspace is
// saved under a name, a second window opens with it, it survives a reload, it
// is exported and imported into a fresh profile; a link opens it after asking.
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading } from "./shell-helpers";

test.setTimeout(120_000);

const query = `backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?${query}`);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
}

const plotIds = (page: Page) =>
  page.locator(".plot-card").evaluateAll((cards) => cards.map((c) => c.dataset.plotId));
/** The plots' titles: a phone shows one plot at a time, and names them all in its picker. */
const plotFields = async (page: Page) => {
  const picker = page.getByTestId("plot-picker");
  if ((await picker.count()) > 0) return picker.locator("option").allTextContents();
  return page
    .locator(".plot-card .plot-card-title")
    .evaluateAll((titles) => titles.map((t) => t.textContent));
};
const layoutButton = (page: Page) => page.getByTestId("layout-button");

async function layoutMenu(page: Page) {
  await layoutButton(page).click();
  return page.getByTestId("layout-menu");
}

async function saveAs(page: Page, name: string): Promise<void> {
  await (await layoutMenu(page)).getByRole("menuitem", { name: "Save as…" }).click();
  const dialog = page.getByRole("dialog", { name: "Save layout as" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
}

/** Zooms the shown map in twice: the map's scale, and its text before and after. */
async function zoomInTwice(page: Page) {
  const scale = page.locator(".leaflet-control-scale-line").first();
  await expect(scale).toBeVisible({ timeout: 20_000 });
  const wideScale = (await scale.textContent()) ?? "";
  // Each zoom is awaited on its own: the scale read after one would be half-way.
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(scale).not.toHaveText(wideScale);
  const halfWay = (await scale.textContent()) ?? "";
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(scale).not.toHaveText(halfWay);
  return { scale, wideScale, zoomedScale: (await scale.textContent()) ?? "" };
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  return context.newPage();
}

test("save a layout, open a second window with it, reload, export it and import it into a fresh profile", async ({
  context,
  browser,
}) => {
  const first = await context.newPage();
  await open(first, "/plots");
  await expect(first.locator('[data-plot-id="speed"]')).toBeVisible();
  await expect(layoutButton(first)).toHaveAccessibleName("Layout: Unsaved layout");

  // Shape the workspace: one plot taller, one gone, the 10-minute window.
  await first
    .locator('[data-plot-id="pack"]')
    .getByRole("button", { name: "Make plot taller" })
    .click();
  await first
    .locator('[data-plot-id="pedals"]')
    .getByRole("button", { name: "Remove plot" })
    .click();
  await first.getByRole("button", { name: "10 min" }).click();
  const tallHeight = await first
    .locator('[data-plot-id="pack"] .plot-chart')
    .evaluate((e) => e.clientHeight);
  const usualHeight = await first
    .locator('[data-plot-id="soc"] .plot-chart')
    .evaluate((e) => e.clientHeight);
  expect(tallHeight).toBeGreaterThan(1.8 * usualHeight);

  // The map zoomed in twice: where it looks is part of the layout.
  await first.getByRole("tab", { name: "Map" }).click();
  const { zoomedScale } = await zoomInTwice(first);
  await first.getByRole("tab", { name: "Plots" }).click();

  // A taken or empty name is refused in the dialog, and nothing is saved.
  await (await layoutMenu(first)).getByRole("menuitem", { name: "Save as…" }).click();
  const dialog = first.getByRole("dialog", { name: "Save layout as" });
  await dialog.getByLabel("Name").fill("battery");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toContainText("A layout named “battery” exists.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await saveAs(first, "Pit wall");
  await expect(layoutButton(first)).toHaveAccessibleName("Layout: Pit wall");
  const saved = await plotIds(first);
  expect(saved).not.toContain("pedals");

  // A change since saving is marked, and saved over the layout.
  await first.locator('[data-plot-id="soc"]').getByRole("button", { name: "Remove plot" }).click();
  await expect(layoutButton(first)).toHaveAccessibleName("Layout: Pit wall (changed)");
  await (await layoutMenu(first)).getByRole("menuitem", { name: "Save “Pit wall”" }).click();
  await expect(layoutButton(first)).toHaveAccessibleName("Layout: Pit wall");
  const withoutSoc = await plotIds(first);
  await first.screenshot({ path: test.info().outputPath("layout-saved-desktop.png") });

  // Opened on the Plots tab, a layout puts the plots themselves on its window
  // (10 min), not only the toolbar: their buckets are five times the 2-minute ones.
  // The layout is on 10 min now: the 2-minute picture is the one whose
  // buckets are a fifth of these (reading it any sooner reads the old one).
  const speed = first.locator('[data-plot-id="speed"] .uplot');
  const bucket = async () => Number(await speed.getAttribute("data-bucket-seconds"));
  await expect.poll(bucket, { timeout: 10_000 }).toBeGreaterThan(0);
  const tenMinuteBucket = await bucket();
  await first.getByRole("button", { name: "2 min" }).click();
  await expect.poll(bucket, { timeout: 10_000 }).toBeCloseTo(tenMinuteBucket / 5, 5);
  const twoMinuteBucket = await bucket();
  await (await layoutMenu(first)).getByRole("menuitem", { name: "Pit wall", exact: true }).click();
  await expect(first.getByRole("button", { name: "10 min" })).toHaveClass(/bp6-active/);
  await expect.poll(bucket, { timeout: 10_000 }).toBeCloseTo(5 * twoMinuteBucket, 5);

  // New window offers the layouts; this window's comes first.
  await first.getByTestId("new-window").click();
  const offer = first.getByTestId("new-window-menu");
  await expect(offer.getByRole("menuitem").first()).toContainText("Pit wall");
  await expect(offer.getByRole("menuitem", { name: /Race strategist/ })).toBeVisible();
  await first.waitForTimeout(400); // the menu's opening transition
  await first.screenshot({ path: test.info().outputPath("new-window-menu.png") });
  const opening = context.waitForEvent("page");
  await offer.getByRole("menuitem").first().click();
  const second = await opening;
  await expect(second.getByTestId("status-window-name")).toHaveText("Window 2", {
    timeout: 20_000,
  });
  await expect(layoutButton(second)).toHaveAccessibleName("Layout: Pit wall");
  await expect(second).toHaveURL(/\/plots\?[^#]*$/); // the fragment was read and taken out
  await expect.poll(() => plotIds(second)).toEqual(withoutSoc);
  await expect(second.getByRole("button", { name: "10 min" })).toHaveClass(/bp6-active/);
  await second.getByRole("tab", { name: "Map" }).click();
  await expect(second.locator(".leaflet-control-scale-line").first()).toHaveText(zoomedScale, {
    timeout: 20_000,
  });
  await second.getByRole("tab", { name: "Plots" }).click();

  // The other window switches to a built-in layout: its tab and plots, not the first's.
  await (await layoutMenu(second)).getByRole("menuitem", { name: /Battery/ }).click();
  await expect(second).toHaveURL(/\/battery\?/);
  await expect(layoutButton(second)).toHaveAccessibleName("Layout: Battery");
  // The choice survives a reload, in each window.
  await second.reload();
  await expect(layoutButton(second)).toHaveAccessibleName("Layout: Battery", { timeout: 20_000 });
  await first.reload();
  await expect(layoutButton(first)).toHaveAccessibleName("Layout: Pit wall", { timeout: 20_000 });
  await expect.poll(() => plotIds(first)).toEqual(withoutSoc);

  // Export it as a file: a version, the layout, and no connection setting.
  const download = first.waitForEvent("download");
  await (await layoutMenu(first)).getByRole("menuitem", { name: "Export this layout" }).click();
  const file = await (await download).path();
  const text = readFileSync(file, "utf8");
  const json = JSON.parse(text);
  expect(json).toMatchObject({
    format: "helios-layout",
    version: 2,
    layouts: [{ name: "Pit wall" }],
  });
  expect(text).not.toContain(NO_BACKEND_URL);
  const fields = await plotFields(first);

  // A fresh profile: a bad file is refused and changes nothing; the good one comes in.
  const fresh = await freshPage(browser);
  await open(fresh, "/");
  await layoutButton(fresh).click();
  await fresh.getByTestId("layout-import-input").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from(text.replace('"version": 2', '"version": "two"')),
  });
  await expect(fresh.getByText(/broken\.json: The layout file is not valid/)).toBeVisible();
  await fresh.keyboard.press("Escape");
  await fresh.getByTestId("layout-import-input").setInputFiles(file);
  const toast = fresh.locator(".bp6-toast", { hasText: "Layout imported" });
  await expect(toast).toContainText("“Pit wall”");
  await toast.getByRole("button", { name: "Open it" }).click();
  await expect(fresh).toHaveURL(/\/plots\?/);
  await expect(layoutButton(fresh)).toHaveAccessibleName("Layout: Pit wall");
  await expect.poll(() => plotFields(fresh)).toEqual(fields);
  // Every plot of it paints the car's data.
  await expect(fresh.locator(".plot-card .uplot[data-painted]")).toHaveCount(fields.length, {
    timeout: 20_000,
  });
  await expect(
    fresh.locator('[data-plot-id="pack"]').getByRole("button", { name: "Make plot shorter" }),
  ).toBeVisible();
  await fresh.context().close();
});

test("a built-in layout opened from a zoomed-in map is not marked changed, and brings the default view", async ({
  page,
}) => {
  await gotoPastLoading(page, `/map?${query}`);
  const { scale, wideScale } = await zoomInTwice(page);

  // The map still follows the car while the Battery tab loads: its pans must
  // not save the old zoom into the layout just opened.
  await (await layoutMenu(page)).getByRole("menuitem", { name: /Battery/ }).click();
  await expect(page).toHaveURL(/\/battery\?/);
  await page.waitForTimeout(3_000); // a few packets, each a pan of a map that is still there
  await expect(layoutButton(page)).toHaveAccessibleName("Layout: Battery");
  await page.getByRole("tab", { name: "Map" }).click();
  await expect(scale).toHaveText(wideScale, { timeout: 20_000 });
  // The tab is part of a layout: back on its own, the layout is as opened.
  await page.getByRole("tab", { name: "Battery" }).click();
  await expect(layoutButton(page)).toHaveAccessibleName("Layout: Battery");
});

test("a layout link asks before it replaces the window's layout", async ({ context, browser }) => {
  const sender = await context.newPage();
  await open(sender, "/plots");
  await (await layoutMenu(sender)).getByRole("menuitem", { name: /Motors and drive/ }).click();
  await expect(sender).toHaveURL(/\/motors\?/);
  await sender.getByRole("tab", { name: "Plots" }).click();
  await sender
    .locator('[data-plot-id="pedals"]')
    .getByRole("button", { name: "Remove plot" })
    .click();
  await saveAs(sender, "Drive check");
  await (await layoutMenu(sender)).getByRole("menuitem", { name: "Share as a link…" }).click();
  const share = sender.getByRole("dialog", { name: "Share this layout" });
  const link = await share.getByTestId("layout-link").inputValue();
  expect(link).toMatch(/#layout=[A-Za-z0-9_-]+$/);
  expect(link).not.toContain("backend");
  expect(link.length).toBeLessThan(2000);
  await share.screenshot({ path: test.info().outputPath("layout-share.png") });
  const sent = await plotFields(sender);

  const receiver = await freshPage(browser);
  await receiver.setViewportSize({ width: 390, height: 844 });
  const withQuery = (href: string) => {
    const url = new URL(href);
    url.search = query;
    return url.toString();
  };
  // "Keep mine" changes nothing.
  await receiver.goto(withQuery(link));
  const ask = receiver.getByRole("dialog", { name: "Open a layout from a link?" });
  await expect(ask).toContainText("“Drive check”", { timeout: 20_000 });
  await expect(ask).toContainText("the Plots tab, 3 plots over 2 min");
  await receiver.screenshot({ path: test.info().outputPath("layout-link-phone.png") });
  await ask.getByRole("button", { name: "Keep mine" }).click();
  await expect(receiver).toHaveURL(/\/plots\?[^#]*$/);
  await expect(layoutButton(receiver)).toHaveAccessibleName("Layout: Unsaved layout");

  // Opened, it is shown and saved.
  await receiver.goto(withQuery(link));
  await receiver
    .getByRole("dialog", { name: "Open a layout from a link?" })
    .getByRole("button", { name: "Open layout" })
    .click();
  await expect(layoutButton(receiver)).toHaveAccessibleName("Layout: Drive check");
  await expect.poll(() => plotFields(receiver)).toEqual(sent);

  // A damaged link says so, and changes nothing.
  await receiver.goto(`${withQuery(link).split("#")[0]}#layout=AAAA${"z".repeat(20)}`);
  await expect(receiver.getByText(/The layout link is damaged/)).toBeVisible({ timeout: 20_000 });
  await expect(layoutButton(receiver)).toHaveAccessibleName("Layout: Drive check");
  await receiver.context().close();
});

test("saved layouts that cannot be read are set aside, named in the menu, and offered as a file", async ({
  browser,
}) => {
  const page = await freshPage(browser);
  const stored = JSON.stringify({
    version: 2,
    layouts: [{ id: "broken", name: "Half written", workspace: { tab: 7 }, savedAt: 1 }],
  });
  await page.addInitScript((text) => {
    if (!sessionStorage.getItem("seeded")) localStorage.setItem("helios.layouts", text);
    sessionStorage.setItem("seeded", "1");
  }, stored);
  await open(page, "/plots");
  const menu = await layoutMenu(page);
  const notice = menu.getByRole("menuitem", { name: /1 saved layout could not be read/ });
  await expect(notice).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("layout-unreadable.png") });
  const download = page.waitForEvent("download");
  await notice.click();
  expect(readFileSync(await (await download).path(), "utf8")).toBe(stored);
  // A save writes the list without it; the stored text stays aside.
  await saveAs(page, "Mine");
  expect(await page.evaluate(() => localStorage.getItem("helios.layouts.unreadable"))).toBe(stored);
  await page.context().close();
});
