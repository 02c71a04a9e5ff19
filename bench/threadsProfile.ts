// Where every thread's time goes during one piece of work: the CDP sampling
// profiler on the page, its workers and the app's shared workers at once.
// Opt-in (sampling slows the threads it watches), for finding what to make
// faster, never for a recorded figure.
import type { PipeBrowser } from "./pipeBrowser";
import { selfTimes } from "./coreProfile";

type CpuProfile = Parameters<typeof selfTimes>[0];

/** Starts a sampler on each of `sessions` and each shared worker of `origin`; the returned function stops them all. */
export async function profileThreads(
  browser: PipeBrowser,
  sessions: readonly { sessionId: string; name: string }[],
  origin: string,
): Promise<() => Promise<{ name: string; profile: CpuProfile }[]>> {
  const { targetInfos } = (await browser.send("Target.getTargets")) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const watched = [...sessions].map((s) => ({ ...s, attached: false }));
  for (const info of targetInfos) {
    if (info.type !== "shared_worker" || !info.url.startsWith(origin)) continue;
    const { sessionId } = (await browser.send("Target.attachToTarget", {
      targetId: info.targetId,
      flatten: true,
    })) as { sessionId: string };
    const name = (info.url.split("/").pop() ?? info.url).replace(/[.-].*$/, "");
    watched.push({ sessionId, name, attached: true });
  }
  for (const w of watched) {
    await browser.send("Profiler.enable", {}, w.sessionId).catch(() => undefined);
    await browser.send("Profiler.setSamplingInterval", { interval: 500 }, w.sessionId);
    await browser.send("Profiler.start", {}, w.sessionId).catch(() => undefined);
  }
  return async () => {
    const out: { name: string; profile: CpuProfile }[] = [];
    for (const w of watched) {
      const stopped = (await browser.send("Profiler.stop", {}, w.sessionId).catch(() => null)) as {
        profile: CpuProfile;
      } | null;
      if (stopped) out.push({ name: w.name, profile: stopped.profile });
      if (w.attached)
        await browser
          .send("Target.detachFromTarget", { sessionId: w.sessionId })
          .catch(() => undefined);
    }
    return out;
  };
}

/** Each thread's busy ms and its top functions by self time, as lines. */
export function profileLines(
  profiles: { name: string; profile: CpuProfile }[],
  top = 15,
): string[] {
  const lines: string[] = [];
  for (const { name, profile } of profiles) {
    const all = selfTimes(profile, 100000);
    const busy = all.filter((t) => !/^\((idle|program|garbage collector)\)/.test(t.where));
    const gc = all.find((t) => t.where.startsWith("(garbage collector)"))?.ms ?? 0;
    const idle = all.find((t) => t.where.startsWith("(idle)"))?.ms ?? 0;
    const program = all.find((t) => t.where.startsWith("(program)"))?.ms ?? 0;
    const sum = busy.reduce((s, t) => s + t.ms, 0);
    lines.push(
      `${name}: ${sum.toFixed(0)} ms busy in JS, ${gc.toFixed(0)} ms collecting, ${program.toFixed(0)} ms in the engine, ${idle.toFixed(0)} ms idle`,
    );
    for (const t of busy.slice(0, top))
      lines.push(`    ${t.ms.toFixed(0).padStart(7)} ms  ${t.where}`);
  }
  return lines;
}
