// A new version of the offline app (issue 63), with two real builds served in
// turn from one address: the installed build (dist) runs in two windows; a
// second build is served; both windows say "Update ready"; pressing it in one
// saves the recording and reloads both into the new build, and the recording
// made before is all there.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { freePort } from "../freePort";
import { NO_BACKEND_URL } from "./e2e-env";

test.use({ serviceWorkers: "allow" });
test.setTimeout(180_000);

const FIRST_BUILD = process.env.E2E_DIST ?? "dist";
const query = `backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;

/** `vite preview` of `outDir` on `port`, once it answers. */
async function serve(outDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(
    "npx",
    [
      "vite",
      "preview",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--strictPort",
      "--outDir",
      outDir,
    ],
    { stdio: "ignore", detached: true },
  );
  for (let i = 0; i < 150; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vite preview of ${outDir} did not answer on port ${port}`);
}

function stop(server: ChildProcess | null): void {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
}

async function appVersion(page: Page): Promise<string> {
  await page.keyboard.press("d");
  await expect(page.getByTestId("diag-app-version")).toBeVisible();
  const text = (await page.getByTestId("diag-app-version").textContent()) ?? "";
  // Its close button: Escape only reaches the dialog once the focus is in
  // it, which a page just reloaded into a new build did not always give it.
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("diag-app-version")).toHaveCount(0);
  return text;
}

test("a second build is offered as an update in every window, and taking it keeps the recording", async ({
  context,
}) => {
  // The second build: the same sources, built again (another build time, so other files).
  const secondBuild = mkdtempSync(join(tmpdir(), "helios-second-build-"));
  const built = spawnSync(
    "npx",
    ["vite", "build", "--outDir", secondBuild, "--emptyOutDir", "--logLevel", "warn"],
    {
      encoding: "utf8",
    },
  );
  expect(built.status, built.stderr).toBe(0);
  const port = await freePort();
  let server: ChildProcess | null = await serve(FIRST_BUILD, port);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const first = await context.newPage();
    await first.goto(`${origin}/plots?${query}`);
    await expect(first.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
    await first.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => appVersion(first), { timeout: 20_000 })
      .toContain("loads with no network");
    const before = await appVersion(first);
    const second = await context.newPage();
    await second.goto(`${origin}/?${query}`);
    await expect(second.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
    await expect(first.getByTestId("status-history")).toContainText(/History\s+[1-9]\d{2}/, {
      timeout: 20_000,
    });

    // The new build is served at the same address; the app checks for it.
    stop(server);
    server = null;
    server = await serve(secondBuild, port);
    await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    for (const page of [first, second])
      await expect(page.getByTestId("status-app-update")).toBeVisible({ timeout: 30_000 });
    await first.screenshot({ path: test.info().outputPath("update-ready.png") });

    const recordedBefore = Number(
      /History\s+([\d,]+)/
        .exec((await first.getByTestId("status-history").textContent())!)![1]!
        .replace(/,/g, ""),
    );
    const reloads = [first, second].map((page) => page.waitForEvent("load", { timeout: 30_000 }));
    await first.getByTestId("status-app-update").click();
    await Promise.all(reloads);
    for (const page of [first, second]) {
      await expect(page.getByTestId("loading-screen")).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId("status-app-update")).toHaveCount(0);
    }
    const after = await appVersion(first);
    expect(after).not.toBe(before);
    expect(after).toContain("loads with no network");

    // Nothing recorded before the update was lost.
    await first
      .getByRole("navigation", { name: "Panels" })
      .getByRole("tab", { name: "Sessions" })
      .click();
    const packets = first.getByTestId("session-row").getByTestId("session-packets");
    await expect
      .poll(
        async () => {
          const counts = await packets.allTextContents();
          return counts.reduce((n, t) => n + Number(t.replace(/,/g, "")), 0);
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(recordedBefore);
  } finally {
    stop(server);
    rmSync(secondBuild, { recursive: true, force: true });
  }
});
