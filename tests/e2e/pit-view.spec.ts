// The pit view (issue 63) at a phone's and a tablet's size, with Chromium's
// device emulation and touch events: the named tabs read without sideways
// scrolling, the navbar is a menu that opens and navigates (by touch and by
// keyboard), the status bar keeps the source, the links, the alerts and the
// charge, the Plots tab shows one plot with a picker at both sizes, big numbers show
// large figures that update and leave with Escape, and axe stays clean.
import { expect, test, type Page } from "@playwright/test";
import { audit } from "./axeAudit";
import { openPastLoading } from "./shell-helpers";

/** The tabs a crew member reads in the pit, with their menu entry and panel. */
const NAMED = [
  ["overview", "Overview", "panel-overview"],
  ["strategy", "Strategy", "panel-strategy"],
  ["alerts", "Alerts", "panel-alerts"],
  ["notes", "Notes", "panel-notes"],
  ["map", "Map", "panel-map"],
  ["plots", "Plots", "plots-panel"],
] as const;

// The two sizes are two tests: they run side by side, each in its own browser.
test.describe.configure({ mode: "parallel" });

const DEVICE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Nothing runs past the screen's right edge: the page does not scroll
 * sideways, nor does the content, and no element sticks out unless a box
 * that clips it (a map, a table that scrolls) is itself on the screen.
 */
async function fitsWidth(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const page = document.scrollingElement!;
    const main = document.querySelector("main")!;
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible")
          return up.getBoundingClientRect().right <= width + 1;
      }
      return false;
    };
    const out = Array.from(document.querySelectorAll("main *, header *, footer *"))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !clipped(el);
      })
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]}`);
    return {
      page: page.scrollWidth - page.clientWidth,
      main: main.scrollWidth - main.clientWidth,
      out,
    };
  });
  expect(found, where).toEqual({ page: 0, main: 0, out: [] });
}

async function openPit(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openPastLoading(page, "/", { offline: "1" });
  await page.clock.resume();
}

/** Opens the menu by touch and taps a tab's entry. */
async function tapTab(page: Page, id: string, size: string): Promise<void> {
  await page.getByRole("button", { name: /^Menu: / }).tap();
  if (id === "strategy") await page.screenshot({ path: `test-results/pit-${size}-menu.png` });
  await page.getByTestId(`menu-tab-${id}`).tap();
  await expect(page.getByTestId("panel-menu")).toHaveCount(0);
}

async function everyNamedTab(page: Page, size: string): Promise<void> {
  const found: string[] = [];
  for (const [id, title, panel] of NAMED) {
    await tapTab(page, id, size);
    await expect(page.getByTestId(panel)).toBeVisible();
    // The menu's button names the tab shown, and so does the main landmark.
    await expect(page.getByRole("button", { name: /^Menu: / })).toHaveAccessibleName(
      `Menu: ${title}`,
    );
    await expect(page.getByRole("main")).toHaveAccessibleName(title);
    if (id === "plots") await expect(page.locator(".plot-card").first()).toBeVisible();
    if (id === "map") await expect(page.locator(".leaflet-container")).toBeVisible();
    await fitsWidth(page, `${id} at ${size}`);
    await page.screenshot({ path: `test-results/pit-${size}-${id}.png` });
    found.push(...(await audit(page, `${id} at ${size}`)));
  }
  expect(found).toEqual([]);
}

async function statusBarKeepsItsFour(page: Page): Promise<void> {
  const bar = page.getByRole("contentinfo", { name: "Status" });
  await expect(bar.getByTestId("status-connection-type")).toHaveText("SIMULATION · DEMO");
  await expect(bar.getByTestId("status-socket")).toHaveText("Socket disconnected");
  await expect(bar.getByTestId("status-car")).toBeVisible();
  await expect(bar.getByTestId("status-alerts")).toHaveText(/alert|critical|warning|info/);
  await expect(bar.getByTestId("status-charge")).toHaveText(/^Charge \d+\.\d %$/);
  for (const id of ["connection-type", "socket", "car", "alerts", "charge"])
    await expect(bar.getByTestId(`status-${id}`)).toBeInViewport({ ratio: 1 });
  // The desktop's packet figures give way.
  await expect(bar.getByTestId("status-history")).toHaveCount(0);
}

/** The Plots tab (shown last): one plot, and a picker for the others. */
async function onePlotAtATime(page: Page, size: string): Promise<void> {
  const picker = page.getByTestId("plot-picker");
  await expect(picker).toBeVisible();
  await expect(page.locator(".plot-card")).toHaveCount(1);
  const options = await picker.locator("option").allTextContents();
  expect(options.length).toBeGreaterThan(1);
  const title = page.locator(".plot-card .plot-card-title");
  await expect(title).toHaveText(options[0]!);
  await picker.selectOption({ label: options[1]! });
  await expect(title).toHaveText(options[1]!);
  await expect(page.locator(".plot-card")).toHaveCount(1);
  await fitsWidth(page, `the second plot at ${size}`);
}

/** The menu from the keyboard: Enter opens it on the tab shown (Plots), Tab and Enter go on (to Map). */
async function menuByKeyboard(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: /^Menu: / });
  await expect(button).toHaveAccessibleName("Menu: Plots");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("panel-menu")).toBeVisible();
  await expect(page.getByTestId("menu-tab-plots")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("menu-tab-map")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/map\?/);
  await expect(page.getByTestId("panel-map")).toBeVisible();
  await expect(button).toHaveAccessibleName("Menu: Map");
}

/** Big numbers from the menu: large, updating, clean for axe; Escape returns. */
async function bigNumbers(page: Page, size: string): Promise<void> {
  await page.getByRole("button", { name: /^Menu: / }).tap();
  await page.getByTestId("menu-big-numbers").tap();
  const big = page.getByTestId("big-numbers");
  await expect(big).toBeVisible();
  await expect(page).toHaveURL(/\/big-numbers\?/);
  await expect(page.getByRole("banner")).toHaveCount(0);
  const speed = big.locator('[data-field="MotorDetails0.VehicleVelocity"]');
  await expect(speed).toContainText(/\d+\.\d\s*km\/h/);
  await expect(big.locator('[data-field="Battery.PackStateOfCharge"]')).toContainText(
    /\d+\.\d\s*%/,
  );
  await expect(big.getByTestId("big-alerts")).toContainText("Active alerts");
  await expect(big.getByTestId("overview-race")).toBeVisible();
  // DEMO has no backend's race clock: the tile is named for the laps it counts.
  await expect(big.getByTestId("overview-race-name")).toHaveText("Laps");
  const fontPx = await speed
    .locator(".helios-tile-value")
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontPx).toBeGreaterThanOrEqual(48);
  const figures = () => big.locator(".live-value").allTextContents();
  const first = (await figures()).join("|");
  await expect.poll(async () => (await figures()).join("|"), { timeout: 15_000 }).not.toBe(first);
  await fitsWidth(page, `big numbers at ${size}`);
  await page.screenshot({ path: `test-results/pit-${size}-big-numbers.png` });
  expect(await audit(page, `big numbers at ${size}`)).toEqual([]);
  // The browser's full screen, and back.
  const fullScreen = page.getByTestId("big-numbers-full-screen");
  await fullScreen.click();
  await expect(fullScreen).toHaveText("Exit full screen");
  await fullScreen.click();
  await expect(fullScreen).toHaveText("Full screen");
  await page.keyboard.press("Escape");
  await expect(big).toHaveCount(0);
  await expect(page.getByRole("banner")).toBeVisible();
}

test.describe("a phone, 390 × 844", () => {
  test.use({ viewport: { width: 390, height: 844 }, ...DEVICE });

  test("tabs fit, the menu navigates, the status bar keeps its four, one plot at a time, big numbers", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openPit(page);
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Panels" })).toBeVisible();
    await statusBarKeepsItsFour(page);
    await everyNamedTab(page, "phone");

    await onePlotAtATime(page, "phone");

    await menuByKeyboard(page);
    await bigNumbers(page, "phone");
  });
});

test.describe("a tablet, 820 × 1180", () => {
  test.use({ viewport: { width: 820, height: 1180 }, ...DEVICE });

  test("tabs fit, the menu navigates, the status bar keeps its four, one plot at a time, big numbers", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openPit(page);
    await expect(page.getByRole("tab")).toHaveCount(0);
    await statusBarKeepsItsFour(page);
    await everyNamedTab(page, "tablet");
    await onePlotAtATime(page, "tablet");
    await bigNumbers(page, "tablet");
  });
});
