// Per-window choices (issue 38): two windows of one profile share the
// telemetry core but keep their own plot layouts, saved under their names;
// the New window command opens another view of the same car.
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { closeDialogWithEscape } from "./shell-helpers";

const params = `backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

async function openPlots(page: Page): Promise<void> {
  await page.goto(`/plots?${params}`);
  await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-plot-id="speed"]')).toBeVisible();
}

const plotIds = (page: Page) =>
  page.locator(".plot-card").evaluateAll((cards) => cards.map((c) => c.dataset.plotId));

const acceptedIn = async (page: Page) =>
  Number((await page.getByTestId("accepted-count").textContent())?.replace(/\D/g, ""));

test("a plot added in one window is not in the other, after reloading both", async ({
  context,
}) => {
  const first = await context.newPage();
  await openPlots(first);
  const second = await context.newPage();
  await openPlots(second);
  // Two windows open: each says which it is, in the status bar and the title.
  await expect(first.getByTestId("status-window-name")).toHaveText("Window 1");
  await expect(second.getByTestId("status-window-name")).toHaveText("Window 2");
  await expect(second).toHaveTitle("Window 2 · Helios Telemetry");
  const defaultIds = await plotIds(second);

  await first.getByRole("button", { name: "Add plot" }).click();
  await expect(first.locator(".plot-card")).toHaveCount(defaultIds.length + 1);
  const withAdded = await plotIds(first);

  for (const page of [first, second]) {
    await page.reload();
    await expect(page.getByTestId("plots-panel")).toBeVisible({ timeout: 20_000 });
  }
  // Each window kept its name across the reload, and with it its own layout.
  await expect(first.getByTestId("status-window-name")).toHaveText("Window 1");
  await expect(second.getByTestId("status-window-name")).toHaveText("Window 2");
  await expect.poll(() => plotIds(first)).toEqual(withAdded);
  await expect.poll(() => plotIds(second)).toEqual(defaultIds);
});

test("the New window key opens the app in another window on the same core", async ({ context }) => {
  const first = await context.newPage();
  await first.goto(`/?${params}&e2eHooks=1`);
  await expect(first.getByTestId("connection-type").first()).toHaveText("DEMO");
  // The shared core runs the demo at 20 packets/s: let it count for a while.
  await expect.poll(() => acceptedIn(first), { timeout: 20_000 }).toBeGreaterThan(60);
  // The status bar names a window only while others are open.
  await expect(first.getByTestId("status-window-name")).toHaveCount(0);

  // The help lists the key.
  await first.keyboard.press("Shift+?");
  const help = first.locator(".bp6-hotkey-dialog");
  await expect(
    help.getByText("Open a new window (same car, with a layout you choose)"),
  ).toBeVisible();
  await closeDialogWithEscape(first);

  // The key offers the layouts to open with; this one keeps the window as it was.
  const opened = context.waitForEvent("page");
  await first.locator("body").press("n");
  await first
    .getByTestId("new-window-menu")
    .getByRole("menuitem", { name: /No layout/ })
    .click();
  const second = await opened;
  await second.waitForLoadState();
  const url = new URL(second.url());
  expect(url.pathname).toBe("/");
  // Test parameters that set up a core are not carried over; the backend is.
  expect(url.searchParams.get("demoRate")).toBeNull();
  expect(url.searchParams.get("backend")).toBe(NO_BACKEND_URL);
  expect(url.searchParams.get("e2eHooks")).toBe("1");

  await expect(second.getByRole("heading", { name: "Helios", level: 1 })).toBeVisible();
  await expect(second.getByTestId("connection-type").first()).toHaveText("DEMO");
  await expect(second.getByTestId("status-window-name")).toHaveText("Window 2");
  await expect(first.getByTestId("status-window-name")).toHaveText("Window 1");
  await expect(first).toHaveTitle("Window 1 · Helios Telemetry");

  // The same core: the new window counts the packets the first one has seen,
  // not a fresh demo's from zero, and both show the same count.
  const before = await acceptedIn(first);
  await expect.poll(() => acceptedIn(second)).toBeGreaterThanOrEqual(before);
  await expect
    .poll(async () => Math.abs((await acceptedIn(first)) - (await acceptedIn(second))))
    .toBeLessThanOrEqual(20); // a second of packets between the two reads

  // Diagnostics says so.
  await second.keyboard.press("d");
  const diagnostics = second.getByRole("dialog", { name: "Diagnostics" });
  await expect(diagnostics.getByTestId("diag-windows")).toContainText("2 windows share one core");
  await closeDialogWithEscape(second);

  // The New window button in the navbar does the same.
  const third = context.waitForEvent("page");
  await second.getByTestId("new-window").click();
  await second.getByRole("menuitem", { name: /No layout/ }).click();
  await expect((await third).getByTestId("status-window-name")).toHaveText("Window 3", {
    timeout: 20_000,
  });
});
