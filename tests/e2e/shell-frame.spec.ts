import { expect, test, type Page } from "@playwright/test";
import { closeDialogWithEscape, openPastLoading } from "./shell-helpers";

test("a deep link opens its tab, tabs change the URL and the back button returns", async ({
  page,
}) => {
  await openPastLoading(page, "/battery", { offline: "1" });
  await expect(page.getByTestId("tab-battery")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("panel-battery")).toBeVisible();
  await expect(
    page.locator('[data-field="Battery.PackVoltage"] .live-value').first(),
  ).toBeVisible();

  await page.getByTestId("tab-faults").click();
  await expect(page).toHaveURL(/\/faults\?/);
  await expect(page.getByTestId("fault-summary")).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/battery\?/);
  await expect(page.getByTestId("panel-battery")).toBeVisible();
});

test("hotkeys switch tabs, open settings and diagnostics, and `?` lists them", async ({ page }) => {
  await openPastLoading(page, "/", { offline: "1" });
  // Past the loading screen, time runs: dialogs take the focus on a frame and
  // fade out on a timer.
  await page.clock.resume();
  await page.keyboard.press("3");
  await expect(page).toHaveURL(/\/motors/);
  await page.keyboard.press("l");
  await expect(page.getByTestId("panel-laps")).toBeVisible();
  await page.keyboard.press("1");
  await expect(page.getByTestId("panel-overview")).toBeVisible();

  await page.keyboard.press("d");
  const diagnostics = page.getByRole("dialog", { name: "Diagnostics" });
  await expect(diagnostics).toBeVisible();
  await expect(diagnostics.getByTestId("diag-rejected")).toHaveText("0");
  await expect(diagnostics.getByTestId("diag-memory")).toHaveText(/\d+(\.\d)? (B|KB|MB)/);
  await closeDialogWithEscape(page);

  await page.keyboard.press("s");
  await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
  await closeDialogWithEscape(page);

  await page.keyboard.press("Shift+?");
  const help = page.locator(".bp6-hotkey-dialog");
  await expect(help).toBeVisible();
  await expect(help).toContainText("Toggle light / dark theme");
  await expect(help).toContainText("Show Battery");
});

test("status bar: SIMULATION marker, link indicators, latencies and the packet time in seconds", async ({
  page,
}) => {
  await page.goto("/?offline=1");
  await expect(page.getByTestId("status-connection-type")).toHaveText("SIMULATION · DEMO");
  await expect(page.getByTestId("status-socket")).toHaveAttribute("data-connected", "false");
  await expect(page.getByTestId("status-user-latency")).toHaveText("User latency —");
  await expect(page.getByTestId("status-rate")).toHaveText(/[1-9]\.\d pkt\/s/, { timeout: 20_000 });
  // TimeStamp is epoch seconds: the shown time is today's clock time, not
  // 1970's, on the race's clock (US Central) by default, named.
  await expect(page.getByTestId("status-last-packet")).toHaveText(/ C[SD]T$/);
  const shown = await page.getByTestId("status-last-packet").textContent();
  const [eh, em] = await page.evaluate(() =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .format(new Date())
      .split(":")
      .map(Number),
  );
  const [h, m] = (shown ?? "").replace("Last packet ", "").split(":").map(Number);
  const minutes = (h! * 60 + m! - (eh! * 60 + em!) + 1440) % 1440;
  expect(Math.min(minutes, 1440 - minutes)).toBeLessThanOrEqual(2);
  await expect(page.getByTestId("status-history")).toHaveText(/History \d[\d,]* \/ [\d,]+ \(/);
});

test("without Web Serial the RADIO choice says so and is disabled", async ({ page }) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as unknown as { serial?: unknown }).serial;
  });
  await openPastLoading(page, "/", { offline: "1" });
  await page.keyboard.press("s");
  await expect(page.getByTestId("no-web-serial")).toHaveText(
    "This browser has no Web Serial: RADIO needs Chrome or Edge on desktop.",
  );
  await expect(
    page.getByTestId("connection-type-control").getByRole("radio", { name: "RADIO" }),
  ).toBeDisabled();
});

test("every tab fits a laptop's 1280 px; narrower, the strip fades where tabs hide, a hotkey scrolls its tab in, and the status bar keeps its right end", async ({
  page,
}) => {
  const inStrip = async (tabId: string) => {
    const strip = (await page.getByRole("navigation", { name: "Panels" }).boundingBox())!;
    const tab = (await page.getByTestId(tabId).boundingBox())!;
    return tab.x >= strip.x - 1 && tab.x + tab.width <= strip.x + strip.width + 1;
  };
  const strip = page.getByRole("navigation", { name: "Panels" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPastLoading(page, "/", { offline: "1" });
  await page.clock.resume();
  expect(await inStrip("tab-math")).toBe(true);
  await expect(strip).toHaveAttribute("data-more-right", "false");
  // The CSV button keeps its name for a screen reader and its tooltip.
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();

  const userLatency = page.getByTestId("status-user-latency");
  await expect(userLatency).toHaveText("User latency —", { useInnerText: true });

  await page.setViewportSize({ width: 1000, height: 720 });
  await expect(strip).toHaveAttribute("data-more-right", "true");
  // Half a wide screen: the status bar says less, fades what it clips on the
  // left, and keeps the alerts, rate, last packet and history on the right whole.
  await expect(userLatency).toHaveText("User —", { useInnerText: true });
  await expect(page.getByTestId("status-last-packet")).toHaveText(/^Last\s+\d\d:\d\d:\d\d \S+$/, {
    useInnerText: true,
  });
  const bar = (await page.getByRole("contentinfo", { name: "Status" }).boundingBox())!;
  const history = (await page.getByTestId("status-history").boundingBox())!;
  expect(history.x + history.width).toBeLessThanOrEqual(bar.x + bar.width);
  await expect(page.locator(".helios-status-left")).toHaveAttribute("data-more-right", "true");
  expect(await inStrip("tab-math")).toBe(false);
  await page.keyboard.press("m");
  await expect(page.getByTestId("tab-math")).toHaveAttribute("aria-selected", "true");
  await expect.poll(() => inStrip("tab-math")).toBe(true);
  await expect(strip).toHaveAttribute("data-more-left", "true");
  await page.screenshot({ path: "test-results/navbar-narrow.png" });
});

/**
 * Where the tab strip's underline is drawn (page x, CSS px), read from a
 * screenshot as a person sees it: the longest run of one row's pixels in the
 * selected tab's blue (its letters are that blue too, but no letter is a long
 * line). Null when no run of 20 px is found.
 */
async function underlineSpan(page: Page): Promise<{ from: number; to: number } | null> {
  const strip = page.getByRole("navigation", { name: "Panels" });
  const box = (await strip.boundingBox())!;
  const png = (await strip.screenshot()).toString("base64");
  const run = await page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data: px, width, height } = context.getImageData(0, 0, image.width, image.height);
    const blue = (i: number) =>
      Math.abs(px[i]! - 0x21) < 24 &&
      Math.abs(px[i + 1]! - 0x5d) < 24 &&
      Math.abs(px[i + 2]! - 0xb0) < 24;
    let best = { from: 0, to: -1 };
    for (let y = 0; y < height; y++)
      for (let x = 0, start = -1; x <= width; x++) {
        const on = x < width && blue((y * width + x) * 4);
        if (on && start < 0) start = x;
        if (!on && start >= 0) {
          if (x - start > best.to - best.from) best = { from: start, to: x };
          start = -1;
        }
      }
    return best;
  }, png);
  if (run.to - run.from < 20) return null;
  return { from: box.x + run.from, to: box.x + run.to };
}

test("every tab fits at 1,280, 1,440 and 1,920 px, and the underline stays under the chosen tab as the window is resized", async ({
  page,
}) => {
  const strip = page.getByRole("navigation", { name: "Panels" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPastLoading(page, "/strategy", { offline: "1" });
  await expect(page.getByTestId("tab-strategy")).toHaveAttribute("aria-selected", "true");
  for (const width of [1280, 1440, 1920, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    await expect(strip).toHaveAttribute("data-more-right", "false");
    await expect(strip).toHaveAttribute("data-more-left", "false");
    const tab = (await page.getByTestId("tab-strategy").boundingBox())!;
    const line = await underlineSpan(page);
    expect(line, `an underline at ${width} px`).not.toBeNull();
    expect(line!.from, `at ${width} px`).toBeGreaterThanOrEqual(tab.x - 1);
    expect(line!.to, `at ${width} px`).toBeLessThanOrEqual(tab.x + tab.width + 1);
    expect(line!.to - line!.from).toBeGreaterThan(0.8 * tab.width);
  }
  await page.screenshot({ path: "test-results/navbar-resized.png" });
  // Narrower, the strip scrolls to keep the chosen tab whole in view.
  await page.setViewportSize({ width: 1000, height: 720 });
  await expect(strip).toHaveAttribute("data-more-left", "true");
  await expect
    .poll(async () => {
      const s = (await strip.boundingBox())!;
      const t = (await page.getByTestId("tab-strategy").boundingBox())!;
      return t.x >= s.x - 1 && t.x + t.width <= s.x + s.width + 1;
    })
    .toBe(true);
});

test("an icon whose SVG has not loaded yet shows nothing rather than the icon font's empty box", async ({
  page,
}) => {
  await openPastLoading(page, "/", { offline: "1" });
  // Blueprint's fallback before the SVG arrives: an empty span with the font classes.
  const glyph = await page.evaluate(() => {
    const span = document.createElement("span");
    span.className = "bp6-icon bp6-icon-standard bp6-icon-locate";
    document.body.append(span);
    // A computed style is live: read it before the span goes.
    const before = getComputedStyle(span, "::before");
    const seen = {
      content: before.content,
      visibility: before.visibility,
      width: span.getBoundingClientRect().width,
    };
    span.remove();
    return seen;
  });
  expect(glyph.content).not.toBe("none"); // the font's glyph is there…
  expect(glyph.visibility).toBe("hidden"); // …but not drawn
  expect(glyph.width).toBe(16); // and its place is kept, so nothing jumps when the SVG comes
});
