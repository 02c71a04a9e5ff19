// Screenshots for a human to look at, in the light and the dark theme: every
// tab, the dialogs, and long car strings (a 100 kB lap RFID, a 120-character
// favourite) with the hover that shows one whole. Not a test (it asserts
// nothing); `npm run screenshots` builds the app and writes PNGs to
// screenshots/ (git-ignored) or to $SCREENSHOTS_DIR.
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { preview } from "vite";
import { FeedServer } from "../../feed-server/FeedServer";
import { CHROMIUM_ARGS, findChromium } from "./chromium";

const OUT = resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
const LONG_RFID = `L${"0123456789".repeat(10_000)}`;
const LONG_FAVOURITE = `Battery.${"x".repeat(112)}`;

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // let transitions and the next snapshot land
  const path = `${OUT}/${name}.png`;
  await page.screenshot({ path });
  console.log(path);
}

async function themeRun(page: Page, appUrl: string, theme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(appUrl);
  await page.waitForTimeout(1500); // the loading screen, the car driving in
  await shoot(page, `${theme}-loading`);
  await page.getByTestId("loading-screen").waitFor({ state: "detached", timeout: 30_000 });
  // The tabs as the navbar lists them: the table of tabs imports the panels'
  // CSS, which this script (run by tsx, not Vite) cannot load.
  const tabIds = await page
    .getByRole("navigation", { name: "Panels" })
    .getByRole("tab")
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute("data-tab-id") ?? ""));
  for (const id of tabIds) {
    await page.getByTestId(`tab-${id}`).click();
    await shoot(page, `${theme}-tab-${id}`);
  }
  await page.getByTestId("tab-laps").click();
  await page
    .getByTestId("lap-driver")
    .filter({ hasText: "L0123" })
    .locator(".helios-long-text")
    .hover();
  await page.locator(".helios-long-text-full").waitFor();
  await shoot(page, `${theme}-laps-long-rfid-hover`);
  await page.mouse.move(0, 0);
  await page.getByTestId("tab-overview").click();
  for (const [key, name] of [
    ["s", "settings"],
    ["d", "diagnostics"],
    ["Shift+?", "shortcuts"],
  ] as const) {
    await page.keyboard.press(key);
    await page.getByRole("dialog").waitFor();
    await shoot(page, `${theme}-dialog-${name}`);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const feed = await FeedServer.start({ port: 0, rate: 10, seededLaps: 3 });
  feed.laps.push({ ...feed.laps[0]!, Rfid: LONG_RFID });
  const app = await preview({ logLevel: "silent", preview: { host: "127.0.0.1", port: 0 } });
  const port = (app.httpServer.address() as AddressInfo).port;
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript((favourite) => {
      const favourites = ["Vehicle Velocity", "Pack Voltage", "Pack Current", favourite];
      localStorage.setItem("favourites", JSON.stringify(favourites));
    }, LONG_FAVOURITE);
    const appUrl = `http://127.0.0.1:${port}/?backend=${encodeURIComponent(feed.url)}`;
    for (const theme of ["light", "dark"] as const) await themeRun(page, appUrl, theme);
  } finally {
    await browser.close();
    await app.close();
    await feed.stop();
  }
}

await main();
