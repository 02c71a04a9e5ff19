// Where the shared telemetry core's time goes while two windows are measured:
// the CDP sampling profiler on the shared worker's own target (a worker is
// quiet enough to profile, unlike the busy page's main thread; see
// bench/browserProfile.ts). Opt-in (BENCH_CORE_PROFILE=<file.cpuprofile>),
// because sampling slows the worker it watches.
import type { PipeBrowser } from "./pipeBrowser";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Starts the sampler in the shared worker; the returned function stops it and returns its profile. */
export async function profileSharedWorker(
  browser: PipeBrowser,
): Promise<() => Promise<CpuProfile>> {
  const { targetInfos } = (await browser.send("Target.getTargets")) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const worker = targetInfos.find((t) => t.type === "shared_worker" && /sharedCore/.test(t.url));
  if (!worker) throw new Error("no shared core worker to profile");
  const { sessionId } = (await browser.send("Target.attachToTarget", {
    targetId: worker.targetId,
    flatten: true,
  })) as { sessionId: string };
  await browser.send("Profiler.enable", {}, sessionId);
  await browser.send("Profiler.setSamplingInterval", { interval: 200 }, sessionId);
  await browser.send("Profiler.start", {}, sessionId);
  return async () => {
    const { profile } = (await browser.send("Profiler.stop", {}, sessionId)) as {
      profile: CpuProfile;
    };
    await browser.send("Target.detachFromTarget", { sessionId }).catch(() => undefined);
    return profile;
  };
}

/** Self time by function (name and source position), the largest first, in ms. */
export function selfTimes(profile: CpuProfile, top = 30): { where: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id)!;
    const f = node.callFrame;
    const file = f.url.replace(/^.*\//, "");
    const where = `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
    ms.set(where, (ms.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...ms]
    .map(([where, t]) => ({ where, ms: t }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}
