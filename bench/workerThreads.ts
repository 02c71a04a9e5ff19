// Which OS thread runs which of the app's shared workers. The kernel counts
// each thread's CPU (bench/threadCpu.ts), but Chromium names every shared
// worker's thread alike ("SharedWorker th…"). So each worker is made to spin
// for a moment, by a debugger attached just for that and detached at once
// (attached for longer, it would slow the worker: bench/pipeBrowser.ts), and
// the thread whose CPU jumps is that worker's. Done before a measurement,
// while the feed is held quiet (the workers then idle, so the spin stands
// out): the spin holds the worker up for SPIN_MS.
import type { PipeBrowser } from "./pipeBrowser";
import { isSharedWorkerThread, threadTicks, threadUse } from "./threadCpu";

const SPIN_MS = 1000;

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/** Spins tried before giving up: on a machine busy with other work one may not stand out. */
const ATTEMPTS = 3;

/**
 * The thread key ("pid/tid", as threadTicks names it) of the shared worker
 * whose script URL contains `scriptName`, or null when there is none or its
 * thread did not stand out.
 */
export async function sharedWorkerThread(
  browser: PipeBrowser,
  scriptName: string,
): Promise<string | null> {
  const { targetInfos } = (await browser.send("Target.getTargets")) as {
    targetInfos: TargetInfo[];
  };
  const target = targetInfos.find((t) => t.type === "shared_worker" && t.url.includes(scriptName));
  if (!target) return null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const thread = await spinningThread(browser, target.targetId);
    if (thread !== null) return thread;
  }
  return null;
}

async function spinningThread(browser: PipeBrowser, targetId: string): Promise<string | null> {
  const before = threadTicks();
  const started = Date.now();
  const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
  const spin = `{ const t = performance.now(); while (performance.now() - t < ${SPIN_MS}); }`;
  try {
    await browser.send("Runtime.evaluate", { expression: spin }, String(sessionId));
  } finally {
    await browser.send("Target.detachFromTarget", { sessionId });
  }
  const seconds = (Date.now() - started) / 1000;
  const [first, second] = threadUse(before, threadTicks(), seconds).filter(isSharedWorkerThread);
  // A busy machine gives the spin less than its SPIN_MS of CPU; the spinning
  // thread still stands out, by far, from the idle ones.
  const cpuMs = (t: typeof first) => (t ? t.msPerSecond * seconds : 0);
  const clear = cpuMs(first) >= SPIN_MS / 10 && cpuMs(first) >= 2 * cpuMs(second);
  return first && clear ? first.key : null;
}
