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
 * from now until the page reloads; read with `firstSeen`. A MutationObserver,
 * so a toast that comes and goes between two polls is still timed.
 */
export async function watchTexts(page: Page, texts: readonly string[]): Promise<void> {
  await page.evaluate((wanted) => {
    const seen: Record<string, number> = {};
    (window as unknown as { heliosSeen: Record<string, number> }).heliosSeen = seen;
    const look = () => {
      const shown = document.body.innerText;
      for (const text of wanted)
        if (!(text in seen) && shown.includes(text)) seen[text] = Date.now();
    };
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    look();
  }, texts);
}

/** When the page first showed `text` (Date.now()), or null. */
export function firstSeen(page: Page, text: string): Promise<number | null> {
  return page.evaluate(
    (t) => (window as unknown as { heliosSeen?: Record<string, number> }).heliosSeen?.[t] ?? null,
    text,
  );
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
