import { expect, test, type Page } from "@playwright/test";
import { openPastLoading } from "./shell-helpers";

const toasts = (page: Page) => page.locator(".helios-toaster .bp6-toast");

async function raise(page: Page, kinds: string[]) {
  await page.evaluate((list) => {
    const hooks = (window as unknown as { heliosTest: { notify(kind: string): void } }).heliosTest;
    for (const kind of list) hooks.notify(kind);
  }, kinds);
}

test("at most 5 toasts at once, extra ones queued and shown as others close after 4 s", async ({
  page,
}) => {
  await openPastLoading(page, "/", { e2eHooks: "1" });
  // Let the telemetry core answer first. Until it has, the window's first
  // snapshot request is outstanding, and the fake clock's jumps (8.8 s past
  // the loading screen, then these) would reach the 10 s after which the
  // window says "The telemetry core has not answered": a sixth toast.
  await page.evaluate(async () => {
    await (window as unknown as { heliosTest: { alerts(): Promise<unknown> } }).heliosTest.alerts();
  });
  await raise(page, [
    "lapComplete",
    "carDisconnect",
    "carConnect",
    "lapComplete",
    "carDisconnect",
    "carConnect",
    "lapComplete",
  ]);
  await page.clock.runFor(400); // Blueprint staggers new toasts by 50 ms
  await expect(toasts(page)).toHaveCount(5);

  const first = toasts(page).filter({ hasText: "Lap Completion" }).first();
  await expect(first).toContainText("A lap has been completed!");
  await expect(first).toHaveClass(/bp6-intent-success/);
  const lost = toasts(page).filter({ hasText: "Connection Lost" }).first();
  await expect(lost).toContainText("Car has disconnected!");
  await expect(lost).toHaveClass(/bp6-intent-danger/);
  const restored = toasts(page).filter({ hasText: "Connection Restored" }).first();
  await expect(restored).toContainText("Car has reconnected!");
  await expect(restored).not.toHaveClass(/bp6-intent-/);

  // Bottom right, 440 px wide container.
  const box = await page.locator(".helios-toaster").boundingBox();
  expect(box?.width).toBe(440);
  const viewport = page.viewportSize()!;
  expect(Math.round(box!.x + box!.width)).toBe(viewport.width);

  await page.clock.runFor(3400); // 3.8 s after the first: none has closed yet
  await expect(toasts(page)).toHaveCount(5);

  await page.clock.runFor(1000); // the first five have closed; the two queued ones show
  await expect(toasts(page)).toHaveCount(2);
  await expect(toasts(page).filter({ hasText: "Connection Restored" })).toHaveCount(1);
  await expect(toasts(page).filter({ hasText: "Lap Completion" })).toHaveCount(1);

  await page.clock.runFor(4500);
  await expect(toasts(page)).toHaveCount(0);
});
