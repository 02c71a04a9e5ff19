import { expect, test } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";

// A browser that recorded with the previous build (session database version
// 2, laps in a store of their own) opens the app: Chromium's own IndexedDB,
// upgraded by the storage worker (to version 4: the 1-second summaries beside
// the chunks), keeps the laps (now "lap" events) and drops the laps store. The unit tests check the same with fake-indexeddb.

const DEMO_URL = `/?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`;
const END_MS = 1_795_000_123_000;

test("the previous build's recorded laps survive the upgrade of the session database", async ({
  page,
}) => {
  // Same origin, no app: the database is laid out as the previous build left it.
  await page.goto("/favicon.svg");
  await page.evaluate(
    (endMs) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("helios-sessions", 2);
        request.onupgradeneeded = () => {
          const db = request.result;
          db.createObjectStore("sessions", { keyPath: "id" });
          const chunks = db.createObjectStore("chunks", { keyPath: ["sessionId", "index"] });
          chunks.createIndex("byTime", ["sessionId", "t1"]);
          const laps = db.createObjectStore("laps", { keyPath: ["sessionId", "endMs"] });
          laps.put({ sessionId: "s1", rfid: "tag-1", endMs, lapTime: 201, simulated: false });
        };
        request.onsuccess = () => (request.result.close(), resolve());
        request.onerror = () => reject(request.error);
      }),
    END_MS,
  );
  await page.goto(DEMO_URL);
  const stored = () =>
    page.evaluate(
      () =>
        new Promise<{ version: number; stores: string[]; events: unknown[] }>((resolve) => {
          const request = indexedDB.open("helios-sessions");
          request.onsuccess = () => {
            const db = request.result;
            const stores = Array.from(db.objectStoreNames).sort();
            if (!stores.includes("events")) {
              db.close();
              return resolve({ version: db.version, stores, events: [] });
            }
            const all = db.transaction("events").objectStore("events").getAll();
            all.onsuccess = () => {
              db.close();
              resolve({ version: db.version, stores, events: all.result });
            };
          };
        }),
    );
  await expect.poll(async () => (await stored()).version, { timeout: 20_000 }).toBe(4);
  const after = await stored();
  expect(after.stores).toEqual(["chunks", "events", "sessions", "summaries"]);
  expect(after.events).toEqual([
    {
      sessionId: "s1",
      kind: "lap",
      time: END_MS / 1000,
      seq: 0,
      payload: { lap: { rfid: "tag-1", endMs: END_MS, lapTime: 201, simulated: false } },
    },
  ]);
});

/** The database's version and stores, as this page's IndexedDB has them. */
const layoutOf = (page: import("@playwright/test").Page) =>
  page.evaluate(
    () =>
      new Promise<{ version: number; stores: string[] }>((resolve) => {
        const request = indexedDB.open("helios-sessions");
        request.onsuccess = () => {
          const db = request.result;
          resolve({ version: db.version, stores: Array.from(db.objectStoreNames).sort() });
          db.close();
        };
      }),
  );

test("the first build's database (version 1) is upgraded and nothing of it is left", async ({
  page,
}) => {
  await page.goto("/favicon.svg");
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("helios-sessions", 1);
        request.onupgradeneeded = () => {
          const db = request.result;
          db.createObjectStore("sessions", { keyPath: "id" }).put({ id: "old", name: "v1" });
          const chunks = db.createObjectStore("chunks", { keyPath: ["sessionId", "index"] });
          chunks.createIndex("byTime", ["sessionId", "t1"]);
          chunks.put({ sessionId: "old", index: 0, t1: 1_795_000_000, columns: [] });
        };
        request.onsuccess = () => (request.result.close(), resolve());
        request.onerror = () => reject(request.error);
      }),
  );
  await page.goto(`/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`);
  await expect.poll(async () => (await layoutOf(page)).version, { timeout: 20_000 }).toBe(4);
  expect((await layoutOf(page)).stores).toEqual(["chunks", "events", "sessions", "summaries"]);
  // Only this build's recording is listed: the first build's session went with its chunks.
  await expect(page.getByTestId("session-row")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId("session-row")).not.toContainText("v1");
});

test("recordings written by a newer version: the Sessions tab says so and what to do", async ({
  page,
}) => {
  await page.goto("/favicon.svg");
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("helios-sessions", 99);
        request.onupgradeneeded = () => request.result.createObjectStore("timeline");
        request.onsuccess = () => (request.result.close(), resolve());
        request.onerror = () => reject(request.error);
      }),
  );
  await page.goto(`/sessions?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=20`);
  const problem = page.getByTestId("recording-problem");
  await expect(problem).toContainText(
    "the recordings in this browser were written by a newer version of the app (reload to update it)",
  );
  await expect(problem).not.toContainText("does not let the dashboard store sessions");
  expect(await layoutOf(page)).toEqual({ version: 99, stores: ["timeline"] });
});
