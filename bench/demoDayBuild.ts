// A demo day in the benchmarks' page (bench:raceday, bench:states): waiting
// until the DEMO source has built it, and a user's drag-zoom on a plot.
import type { PipePage } from "./pipeBrowser";
import { historyStatus } from "./racedayPage";

const BUILD_LIMIT_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the day is built (the status bar stops saying so) and the history holds it. */
export async function waitDayBuilt(
  page: PipePage,
  dayPackets: number,
): Promise<{ ms: number; rows: number }> {
  const start = Date.now();
  let lastShown = "";
  for (;;) {
    const status = await page.evaluate(historyStatus);
    if (!status.building && status.length >= dayPackets * 0.999)
      return { ms: Date.now() - start, rows: status.length };
    if (status.text !== lastShown && Date.now() - start > 0) {
      process.stdout.write(`\r  ${status.text}          `);
      lastShown = status.text;
    }
    if (Date.now() - start > BUILD_LIMIT_MS)
      throw new Error(`the day was not built: ${status.text}`);
    await sleep(1000);
  }
}

/** A left-button drag from x0 to x1 at y (CSS px), as a user zooms. */
export async function drag(page: PipePage, x0: number, x1: number, y: number): Promise<void> {
  const mouse = (type: string, x: number) =>
    page.send("Input.dispatchMouseEvent", {
      type,
      x,
      y,
      button: "left",
      buttons: type === "mouseReleased" ? 0 : 1,
      clickCount: 1,
    });
  await mouse("mouseMoved", x0);
  await mouse("mousePressed", x0);
  for (let i = 1; i <= 6; i++) await mouse("mouseMoved", x0 + ((x1 - x0) * i) / 6);
  await mouse("mouseReleased", x1);
}
