// Memory of the page and every worker it started, as Chromium reports it over
// CDP: Runtime.getHeapUsage in each target. Its `usedSize` is the V8 JS heap;
// its `backingStorageSize` is what V8 holds outside the heap for ArrayBuffers
// (the history's typed arrays, transferred chunks) and external strings. The
// page's Performance.getMetrics and performance.memory report the JS heap
// only, and measureUserAgentSpecificMemory needs a cross-origin-isolated
// page, which the app is not; so the sum here is usedSize + backingStorageSize
// over the page and every dedicated worker (reached by auto-attach, nested
// workers too).
import type { PipeBrowser, PipePage } from "./pipeBrowser";

interface Target {
  sessionId: string;
  kind: string;
  url: string;
}

interface TargetMemory extends Target {
  heapMb: number;
  buffersMb: number;
}

const MB = 1e6;

/** Starts following the page's workers (call before the page loads the app). */
export async function followWorkers(browser: PipeBrowser, page: PipePage): Promise<() => Target[]> {
  const targets = new Map<string, Target>();
  targets.set(page.sessionId, { sessionId: page.sessionId, kind: "page", url: "" });
  browser.on("Target.attachedToTarget", (params) => {
    const sessionId = String(params.sessionId);
    const info = params.targetInfo as { type: string; url: string };
    targets.set(sessionId, { sessionId, kind: info.type, url: info.url });
    // A worker's own workers (the storage worker) are attached through it.
    void browser
      .send("Target.setAutoAttach", AUTO_ATTACH, sessionId)
      .catch(() => undefined)
      .then(() => browser.send("Runtime.runIfWaitingForDebugger", {}, sessionId))
      .catch(() => undefined);
  });
  browser.on("Target.detachedFromTarget", (params) => {
    targets.delete(String(params.sessionId));
  });
  await page.send("Target.setAutoAttach", AUTO_ATTACH);
  return () => [...targets.values()];
}

const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: false, flatten: true };

/** JS heap and ArrayBuffer backing stores of every target, MB (decimal). */
export async function measureMemory(
  browser: PipeBrowser,
  targets: readonly Target[],
): Promise<TargetMemory[]> {
  const rows: TargetMemory[] = [];
  for (const target of targets) {
    // Collect first, so garbage does not count as held memory.
    await browser.send("HeapProfiler.collectGarbage", {}, target.sessionId).catch(() => undefined);
    const usage = await browser
      .send("Runtime.getHeapUsage", {}, target.sessionId)
      .catch(() => null);
    if (!usage) continue;
    rows.push({
      ...target,
      heapMb: Number(usage.usedSize ?? 0) / MB,
      buffersMb: Number(usage.backingStorageSize ?? NaN) / MB,
    });
  }
  return rows;
}

/** A target's short name: "page", or a worker's script name ("telemetry.worker-abc.js" → "telemetry"). */
export function targetName(target: Target): string {
  if (target.kind === "page") return "page";
  const file = target.url.split("/").pop() ?? target.url;
  return file.replace(/[.-].*$/, "") || target.kind;
}

/**
 * The same figures for the app's shared and service workers: they belong to
 * no page, so the page's auto-attach does not reach them. Each is attached
 * for the reading only (a debugger left attached slows a worker:
 * bench/workerThreads.ts). `collect` runs a full collection first.
 */
export async function measureSharedWorkers(
  browser: PipeBrowser,
  origin: string,
  collect: boolean,
): Promise<TargetMemory[]> {
  const { targetInfos } = (await browser.send("Target.getTargets")) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const rows: TargetMemory[] = [];
  for (const info of targetInfos) {
    if (!/^(shared|service)_worker$/.test(info.type) || !info.url.startsWith(origin)) continue;
    const attached = await browser
      .send("Target.attachToTarget", { targetId: info.targetId, flatten: true })
      .catch(() => null);
    if (!attached) continue;
    const sessionId = String(attached.sessionId);
    try {
      if (collect)
        await browser.send("HeapProfiler.collectGarbage", {}, sessionId).catch(() => undefined);
      const usage = await browser.send("Runtime.getHeapUsage", {}, sessionId).catch(() => null);
      if (usage)
        rows.push({
          sessionId,
          kind: info.type,
          url: info.url,
          heapMb: Number(usage.usedSize ?? 0) / MB,
          buffersMb: Number(usage.backingStorageSize ?? NaN) / MB,
        });
    } finally {
      await browser.send("Target.detachFromTarget", { sessionId }).catch(() => undefined);
    }
  }
  return rows;
}
