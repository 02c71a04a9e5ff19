// Several windows, one core (issue 38): two pages of one browser profile show
// the one core's data (the same packet counter) and Diagnostics says how many
// windows share it. Without a shared core (?sharedCore=0) each window has its
// own, and the second says plainly that it does not record.
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";

const RATE = 50;

async function openDiagnostics(page: Page, query: string): Promise<void> {
  await page.goto(`/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=${RATE}${query}`);
  await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("status-rate")).toHaveText(/[1-9][\d.]* pkt\/s/, {
    timeout: 20_000,
  });
  await page.keyboard.press("d");
  await expect(page.getByTestId("diag-accepted")).toHaveText(/^[1-9][\d,]*$/);
}

async function accepted(page: Page): Promise<number> {
  return Number((await page.getByTestId("diag-accepted").textContent())!.replace(/,/g, ""));
}

test("two windows share one core: the same packet counter, and Diagnostics says 2 windows", async ({
  context,
}) => {
  const first = await context.newPage();
  await openDiagnostics(first, "");
  // Own cores would start counting 3 s apart: 150 packets between them.
  await first.waitForTimeout(3000);
  const second = await context.newPage();
  await openDiagnostics(second, "");
  for (const page of [first, second])
    await expect(page.getByTestId("diag-windows")).toHaveText(/^2 windows share one core/);
  // Read together, the two counters differ by less than a second of packets.
  await expect
    .poll(
      async () => {
        const [a, b] = await Promise.all([accepted(first), accepted(second)]);
        return Math.abs(a - b);
      },
      { timeout: 5000 },
    )
    .toBeLessThan(RATE);
  // The first window closes: the second goes on with the same core, alone.
  const before = await accepted(second);
  await first.close();
  await expect(second.getByTestId("diag-windows")).toHaveText(/^1 window uses one core/);
  await expect.poll(() => accepted(second)).toBeGreaterThan(before + RATE);
});

test("without a shared core the second window says it does not record, and records once the first closes", async ({
  context,
}) => {
  const first = await context.newPage();
  await openDiagnostics(first, "&sharedCore=0");
  await expect(first.getByTestId("diag-windows")).toContainText("this window records");
  const second = await context.newPage();
  await openDiagnostics(second, "&sharedCore=0");
  await expect(second.getByTestId("diag-windows")).toContainText(
    "another window of this app records the car",
  );
  await second.keyboard.press("Escape");
  await expect(second.getByTestId("status-not-recorder")).toBeVisible();
  await second.goto(`/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&sharedCore=0`);
  await expect(second.getByTestId("recording-problem")).toHaveText(
    /Another window of this app records the car; this window does not record\./,
  );
  await expect(first.getByTestId("status-not-recorder")).toHaveCount(0);
  // The recording window closes: the waiting one takes the lock and records.
  await first.close();
  await expect(second.getByTestId("recording-problem")).toHaveCount(0);
  await expect(second.getByTestId("status-not-recorder")).toHaveCount(0);
});

test("a shared core whose script does not load: the window runs a core of its own rather than wait", async ({
  context,
}) => {
  // As in a browser without module SharedWorkers, or a failed fetch.
  await context.route(/sharedCore\.worker-[\w-]+\.js/, (route) =>
    route.fulfill({ status: 404, body: "" }),
  );
  const page = await context.newPage();
  await openDiagnostics(page, "");
  await expect(page.getByTestId("diag-windows")).toContainText(
    "this window's own core, in its dedicated worker",
  );
  const before = await accepted(page);
  await expect.poll(() => accepted(page)).toBeGreaterThan(before + RATE);
});
