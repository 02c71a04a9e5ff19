import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { FeedServer } from "../../feed-server/FeedServer";
import { CHROMIUM_ARGS, findChromium } from "./chromium";
import { NO_BACKEND_URL } from "./e2e-env";
import { acceptedCount, orderBreaks, readRecording } from "./recordedRows";

// Several windows of the app on one profile, one car (issue 38): every window
// is a page of the same browser context, as two tabs of one browser are. The
// probe that filed the issue had two tabs record DEMO into one session id, and
// the session lost most of one tab's packets without a word.

const RATE = 100;
const DEMO_URL = `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=${RATE}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openDemo(page: Page): Promise<void> {
  await page.goto(DEMO_URL);
  await expect.poll(() => acceptedCount(page), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The one session recorded so far, after checking that it is the only one and holds its packets once each, in order. */
async function theOneSession(page: Page) {
  const recording = await readRecording(page);
  expect(recording.orphanChunkSessions, "chunks without a session").toEqual([]);
  expect(
    recording.sessions.map((s) => `${s.source} ${s.id}: ${s.rows} rows`),
    "sessions",
  ).toHaveLength(1);
  const session = recording.sessions[0]!;
  expect(
    orderBreaks(session.times, 1 / RATE).slice(0, 5),
    "packets out of order or missing",
  ).toEqual([]);
  return session;
}

test("two windows recording DEMO keep one session with every packet once and in order; closing the first keeps the second live and recording", async ({
  page: first,
  context,
}) => {
  test.setTimeout(120_000);
  await openDemo(first);
  const openedAt = Date.now();
  await sleep(10_000);
  const second = await context.newPage();
  await openDemo(second);
  // Both record for the rest of the 30 s.
  await sleep(Math.max(0, openedAt + 30_000 - Date.now()));

  // The core accepted `before` packets; a second later (a flush) every one of
  // them is stored, and no packet it has not accepted yet.
  const before = await acceptedCount(first);
  await sleep(2_500);
  const session = await theOneSession(first);
  const after = await acceptedCount(first);
  expect(session.source).toBe("DEMO");
  expect(session.rows).toBeGreaterThanOrEqual(before);
  expect(session.rows).toBeLessThanOrEqual(after);
  // The second window shows the same car: its count includes the 10 s before it opened.
  expect(await acceptedCount(second)).toBeGreaterThanOrEqual(before);

  // Closing the first window: the second stays live and the session grows on.
  await first.close();
  const closedAt = await acceptedCount(second);
  await expect
    .poll(() => acceptedCount(second), { timeout: 10_000 })
    .toBeGreaterThan(closedAt + 2 * RATE);
  await sleep(1_500); // a flush
  const grown = await theOneSession(second);
  expect(grown.id).toBe(session.id);
  expect(grown.rows).toBeGreaterThanOrEqual(closedAt + 2 * RATE);
  expect(grown.times.slice(0, session.rows)).toEqual(session.times);
});

test("two windows on NETWORK share one connection to the feed server, which the second keeps when the first closes", async ({
  page: first,
  context,
}) => {
  test.setTimeout(60_000);
  // A feed of the test's own, so that its client count is this test's alone.
  // A short heartbeat: a socket whose close was lost is dropped within seconds.
  const feed = await FeedServer.start({ port: 0, host: "127.0.0.1", rate: 10, heartbeatMs: 1000 });
  try {
    const url = `/?${new URLSearchParams({ backend: feed.url })}`;
    const second = await context.newPage();
    for (const page of [first, second]) {
      await page.goto(url);
      await expect(page.getByTestId("status-connection-type")).toHaveText("NETWORK", {
        timeout: 20_000,
      });
    }
    // Both windows get the feed's packets...
    for (const page of [first, second]) {
      const now = await acceptedCount(page);
      await expect.poll(() => acceptedCount(page), { timeout: 10_000 }).toBeGreaterThan(now + 5);
    }
    // ...over one socket, and it stays one.
    for (let i = 0; i < 4; i++) {
      expect(feed.clients, "sockets open to the feed server").toBe(1);
      await sleep(500);
    }
    await first.close();
    const now = await acceptedCount(second);
    await expect.poll(() => acceptedCount(second), { timeout: 10_000 }).toBeGreaterThan(now + 20);
    expect(feed.clients, "sockets open to the feed server").toBe(1);
  } finally {
    await feed.stop();
  }
});

/** The Chromium of this profile (its main process: the one without --type=). */
function browserPid(profileDir: string): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // gone meanwhile
    }
    if (
      args.includes(`--user-data-dir=${profileDir}`) &&
      !args.some((a) => a.startsWith("--type="))
    )
      return Number(entry);
  }
  throw new Error(`no Chromium runs with the profile ${profileDir}`);
}

test("a hard stop of the browser with two windows open loses at most 1 s of the recording", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A profile on disk that outlives the browser, as a user's does.
  const profileDir = mkdtempSync(join(tmpdir(), "helios-hard-stop-"));
  const launch = () =>
    chromium.launchPersistentContext(profileDir, {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      baseURL,
    });
  let context: BrowserContext | null = await launch();
  try {
    const first = context.pages()[0] ?? (await context.newPage());
    await openDemo(first);
    await sleep(4_000);
    const second = await context.newPage();
    await openDemo(second);
    await sleep(8_000);
    // The core had accepted at least `accepted` packets when the browser dies.
    const accepted = await acceptedCount(first);
    const closed = new Promise((resolve) => context!.once("close", resolve));
    process.kill(browserPid(profileDir), "SIGKILL");
    await closed;

    context = await launch();
    const page = context.pages()[0] ?? (await context.newPage());
    // Not recording, so what is read is what the killed browser left.
    await page.goto(`/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&record=0`);
    const session = await theOneSession(page);
    expect(accepted - session.rows, "packets lost (at most 1 s)").toBeLessThanOrEqual(RATE);
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(profileDir, { recursive: true, force: true });
  }
});
