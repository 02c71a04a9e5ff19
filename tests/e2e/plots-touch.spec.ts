// Touch on the plots (issue 63) in Chromium with touch events, as on a phone:
// pinch zooms, a long press places the cursor, one finger scrolls the page.
import { expect, test, type CDPSession, type Locator, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { waitForDemoDay } from "./demoDay";
import { plot, waitUntilOnTop } from "./plotHelpers";
import { gotoPastLoading } from "./shell-helpers";

// A few minutes of history, so the default 2-minute window is full of data
// and the legend's time under a pointer is the pointer's time.
const DAY_HOURS = 0.05;
const URL = `/plots?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20&demoDay=${DAY_HOURS}`;

// A tablet in the pit: one plot at a time, as on a phone.
const TABLET = { width: 820, height: 1180 };
// A small touch laptop, just past the pit view's width, shows every plot: the
// cursor shared between plots and the page scrolled by a finger need several.
// The pit view's sizes show one plot at a time.
const TOUCH_LAPTOP = { width: 1024, height: 640 };
test.use({ hasTouch: true, isMobile: true, viewport: TABLET });

type Point = { x: number; y: number };

/** Fingers down, moved to each step in turn, and lifted, through Chromium's real touch input. */
async function gesture(cdp: CDPSession, steps: Point[][]): Promise<void> {
  const points = (fingers: Point[]) => fingers.map((p, id) => ({ x: p.x, y: p.y, id }));
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: points(steps[0]!),
  });
  for (const fingers of steps.slice(1))
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(fingers) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** The legend's time (s of the day) with the mouse at `fraction` of the plotting area's width. */
async function timeAt(page: Page, over: Locator, fraction: number): Promise<number> {
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
  const time = over
    .locator("xpath=ancestor::*[contains(@class,'uplot')]")
    .locator(".u-legend .u-value")
    .first();
  const text = (await time.textContent()) ?? "";
  const [, h, m, s] = /(\d+):(\d\d):(\d\d)/.exec(text) ?? [];
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** The span of time (s) between 5 % and 95 % of a plot's width, read by pointing with the mouse. */
async function shownSpan(page: Page, over: Locator): Promise<number> {
  const span = (await timeAt(page, over, 0.95)) - (await timeAt(page, over, 0.05));
  await page.mouse.move(1, 1); // away again: no hover holds the plot
  return span;
}

async function openPlots(page: Page, size = TABLET): Promise<{ cdp: CDPSession; over: Locator }> {
  // The day is built at desktop width, where the status bar counts the
  // history's rows (the pit view's status bar keeps only four items).
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoPastLoading(page, URL);
  await waitForDemoDay(page, DAY_HOURS);
  await page.setViewportSize(size);
  const over = plot(page, "speed").locator(".u-over");
  await waitUntilOnTop(over);
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  return { cdp: await page.context().newCDPSession(page), over };
}

/** Two fingers `from` px apart closing or opening to `to`, centred at `fraction` of the width. */
async function pinch(cdp: CDPSession, over: Locator, fraction: number, from: number, to: number) {
  const box = (await over.boundingBox())!;
  const [cx, cy] = [box.x + box.width * fraction, box.y + box.height / 2];
  const steps = [0, 1, 2, 3, 4].map((i) => (from + ((to - from) * i) / 4) / 2);
  await gesture(
    cdp,
    steps.map((d) => [
      { x: cx - d, y: cy },
      { x: cx + d, y: cy },
    ]),
  );
}

test("a pinch zooms a plot about the fingers and leaves live; two fingers pan it", async ({
  page,
}) => {
  const { cdp, over } = await openPlots(page);
  const live = await shownSpan(page, over);
  expect(live).toBeGreaterThan(80); // most of two minutes
  // Fingers from 30 to 100 px apart: under a third of the time shown.
  await pinch(cdp, over, 0.6, 30, 100);
  await expect(page.getByTestId("plots-mode")).toHaveText("Zoomed");
  await expect(page.getByTestId("plots-live")).not.toHaveClass(/active/);
  await expect.poll(() => shownSpan(page, over)).toBeLessThan(live / 2);

  // Now still, so times read exactly: fingers closing to half their distance
  // show twice the time, about the time under them (an edge or the middle would move it).
  const zoomed = await shownSpan(page, over);
  const pivot = await timeAt(page, over, 0.25);
  await pinch(cdp, over, 0.25, 100, 50);
  await expect.poll(() => shownSpan(page, over)).toBeGreaterThan(zoomed * 1.6);
  expect(Math.abs((await timeAt(page, over, 0.25)) - pivot)).toBeLessThanOrEqual(2);

  // Two fingers a third of the width to the right: the picture follows them, earlier times come in.
  const span = await shownSpan(page, over);
  const middle = await timeAt(page, over, 0.5);
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  const pan = [0, 1, 2, 3, 4].map((i) => [
    { x: box.x + box.width * (0.2 + i / 15), y: y - 20 },
    { x: box.x + box.width * (0.4 + i / 15), y: y + 20 },
  ]);
  await gesture(cdp, pan);
  await expect.poll(() => timeAt(page, over, 0.5)).toBeLessThan(middle - span / 5);
});

test("a long press places the cursor on the plot and on the others", async ({ page }) => {
  const { cdp, over } = await openPlots(page, TOUCH_LAPTOP);
  const box = (await over.boundingBox())!;
  const finger = { x: Math.round(box.x + box.width * 0.4), y: Math.round(box.y + box.height / 2) };
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [{ ...finger, id: 0 }],
  });
  const cursorX = (id: string) =>
    plot(page, id)
      .locator(".u-cursor-x")
      .evaluate((el) => el.getBoundingClientRect().x);
  await page.waitForTimeout(800); // the hold itself
  // Still held: the cursor is under the finger (a tap's mouse events would only come at the lift) …
  expect(await cursorX("speed")).toBeCloseTo(finger.x, -1);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  // … it stays there after the lift, and shows the same moment on another plot.
  const socBox = (await plot(page, "soc").locator(".u-over").boundingBox())!;
  await expect.poll(() => cursorX("soc")).toBeCloseTo(socBox.x + socBox.width * 0.4, -1);
  expect(await cursorX("speed")).toBeCloseTo(finger.x, -1);
  // Both legends name that moment. The other plot goes on following live
  // beneath a cursor held at the same place, so its time moves on a second a
  // second from the press: within a few seconds, not to the second.
  const legendSeconds = (id: string) =>
    plot(page, id)
      .locator(".u-legend .u-value")
      .first()
      .evaluate((el) => {
        const [h, m, s] = (el.textContent ?? "").split(":").map(Number);
        return h! * 3600 + m! * 60 + s!;
      });
  await expect.poll(() => legendSeconds("speed")).not.toBeNaN();
  const [speedAt, socAt] = [await legendSeconds("speed"), await legendSeconds("soc")];
  expect(Math.abs(socAt - speedAt)).toBeLessThanOrEqual(5);
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
});

test("one finger swiping up over a plot scrolls the page and leaves the plots live", async ({
  page,
}) => {
  const { cdp, over } = await openPlots(page, TOUCH_LAPTOP);
  const box = (await over.boundingBox())!;
  // A tap and a sideways drag with one finger select nothing: no zoom.
  const y = box.y + box.height / 2;
  await gesture(cdp, [[{ x: box.x + 40, y }]]);
  await gesture(
    cdp,
    [0, 1, 2, 3, 4].map((i) => [{ x: box.x + 40 + i * 30, y }]),
  );
  const card = plot(page, "speed");
  const top = async () => (await card.boundingBox())!.y;
  const before = await top();
  const x = box.x + box.width / 2;
  const swipe = [0, 1, 2, 3, 4, 5, 6].map((i) => [{ x, y: box.y + box.height - 10 - i * 25 }]);
  await gesture(cdp, swipe);
  await expect.poll(top).toBeLessThan(before - 40);
  await expect(page.getByTestId("plots-mode")).toHaveText("Following");
  await expect(page.getByTestId("plots-live")).toHaveClass(/active/);
});
