// What the fault e2e tests do to the app's SharedWorkers through Chromium's
// DevTools protocol (issue 58, items 12 and 13), and how they time what a
// user sees: a worker closed as a crash would end it, the core stuck in a
// loop, and the moment each window first shows a text.
import type { Browser, CDPSession, Page } from "@playwright/test";

interface TargetInfo {
  targetId: string;
  type: string;
  title: string;
}

/** The browser-wide DevTools session the SharedWorkers are reached by. */
export function browserSession(browser: Browser): Promise<CDPSession> {
  return browser.newBrowserCDPSession();
}

/** The SharedWorkers running now, by name (their title). */
export async function sharedWorkers(cdp: CDPSession): Promise<TargetInfo[]> {
  const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: TargetInfo[] };
  return targetInfos.filter((t) => t.type === "shared_worker");
}

async function sharedWorker(cdp: CDPSession, name: string): Promise<TargetInfo> {
  const target = (await sharedWorkers(cdp)).find((t) => t.title === name);
  if (!target) throw new Error(`no SharedWorker named ${name}`);
  return target;
}

/** Ends the SharedWorker named `name` at once, as a crash of its thread would. */
export async function closeSharedWorker(cdp: CDPSession, name: string): Promise<void> {
  const { targetId } = await sharedWorker(cdp, name);
  await cdp.send("Target.closeTarget", { targetId });
}

/**
 * Runs `expression` in the SharedWorker named `name` without waiting for it
 * (a loop that never ends leaves the worker hung). Playwright's own sessions
 * do not reach SharedWorkers, so the message goes through the browser's.
 */
export async function runInSharedWorker(
  cdp: CDPSession,
  name: string,
  expression: string,
): Promise<void> {
  const { targetId } = await sharedWorker(cdp, name);
  const { sessionId } = (await cdp.send("Target.attachToTarget", {
    targetId,
    flatten: false,
  })) as { sessionId: string };
  const message = JSON.stringify({ id: 1, method: "Runtime.evaluate", params: { expression } });
  await cdp.send("Target.sendMessageToTarget" as never, { sessionId, message } as never);
}

/**
 * Notes in the page when each of `texts` is first on screen (Date.now()),
 * from now on and after every reload (a window that joins a core again
 * reloads); read with `firstSeen`. A MutationObserver, so a toast that comes
 * and goes between two polls, or just before a reload, is still timed; the
 * times are kept in the tab's sessionStorage.
 */
export async function watchTexts(page: Page, texts: readonly string[]): Promise<void> {
  const install = (wanted: readonly string[]) => {
    const key = "heliosSeen";
    const start = () => {
      const look = () => {
        const seen = JSON.parse(sessionStorage.getItem(key) ?? "{}") as Record<string, number>;
        const shown = document.body.innerText;
        const fresh = wanted.filter((text) => !(text in seen) && shown.includes(text));
        if (fresh.length === 0) return;
        for (const text of fresh) seen[text] = Date.now();
        sessionStorage.setItem(key, JSON.stringify(seen));
      };
      new MutationObserver(look).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      look();
    };
    if (document.body) start();
    else addEventListener("DOMContentLoaded", start);
  };
  await page.addInitScript(install, texts);
  await page.evaluate(install, texts);
}

/**
 * When the page (this tab, across reloads) first showed `text` (Date.now()),
 * or null. Asked again while the page is between two documents (a reload).
 */
export async function firstSeen(page: Page, text: string): Promise<number | null> {
  for (let tries = 0; ; tries++) {
    try {
      return await page.evaluate((t) => {
        const seen = JSON.parse(sessionStorage.getItem("heliosSeen") ?? "{}") as Record<
          string,
          number
        >;
        return seen[t] ?? null;
      }, text);
    } catch (error) {
      if (tries >= 50 || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForTimeout(100);
    }
  }
}

/** Packets missing from packet times a car sends every `intervalS` s (each step over 1.5 intervals). */
export function missingPackets(times: readonly number[], intervalS: number): number {
  let missing = 0;
  for (let i = 1; i < times.length; i++) {
    const step = times[i]! - times[i - 1]!;
    if (step > intervalS * 1.5) missing += Math.round(step / intervalS) - 1;
  }
  return missing;
}
