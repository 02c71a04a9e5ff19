// CPU time of every thread of the Chromium this process started, from /proc
// (Linux). A worker's own busy time cannot be asked over CDP without
// attaching a debugger to it, which slows it (bench/pipeBrowser.ts says why);
// the kernel counts every thread's CPU anyway, and Chromium names its worker
// threads ("DedicatedWorker", "SharedWorker th…" after the 15-character cut).
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second in /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ThreadTicks {
  /** "pid/tid": a thread reused under another process is another key. */
  key: string;
  /** The process's Chromium type ("renderer", "gpu-process", … or "browser"). */
  processType: string;
  comm: string;
  ticks: number;
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null; // the process or thread ended meanwhile
  }
};

/** The fields after "(comm)" of a /proc stat line: [state, ppid, …, utime at 11, stime at 12]. */
const statFields = (stat: string): string[] => stat.slice(stat.lastIndexOf(")") + 2).split(" ");

/** Every process below `root` (not itself). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat) parent.set(Number(entry), Number(statFields(stat)[1]));
  }
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent)
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
  }
  found.delete(root);
  return [...found];
}

/** CPU ticks so far of every thread of every process below `root` (default: this one). */
export function threadTicks(root = process.pid): Map<string, ThreadTicks> {
  const threads = new Map<string, ThreadTicks>();
  for (const pid of descendants(root)) {
    // A zygote-forked child rewrites its command line into one string: match, not split.
    const cmdline = read(`/proc/${pid}/cmdline`) ?? "";
    const processType = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? "browser";
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      const comm = read(`/proc/${pid}/task/${tid}/comm`)?.trim();
      if (!stat || comm === undefined) continue;
      const fields = statFields(stat);
      const key = `${pid}/${tid}`;
      threads.set(key, { key, processType, comm, ticks: Number(fields[11]) + Number(fields[12]) });
    }
  }
  return threads;
}

export interface ThreadUse {
  key: string;
  processType: string;
  comm: string;
  /** CPU ms per wall second over the interval. */
  msPerSecond: number;
}

/** Each thread's CPU between two readings `seconds` apart (threads present in the second). */
export function threadUse(
  before: Map<string, ThreadTicks>,
  after: Map<string, ThreadTicks>,
  seconds: number,
): ThreadUse[] {
  return [...after.values()]
    .map((t) => ({
      key: t.key,
      processType: t.processType,
      comm: t.comm,
      msPerSecond:
        ((t.ticks - (before.get(t.key)?.ticks ?? 0)) * 1000) / TICKS_PER_SECOND / seconds,
    }))
    .sort((a, b) => b.msPerSecond - a.msPerSecond);
}

export const isWorkerThread = (t: Pick<ThreadUse, "comm">) => /Worker/.test(t.comm);
export const isSharedWorkerThread = (t: Pick<ThreadUse, "comm">) => /^SharedWorker/.test(t.comm);
