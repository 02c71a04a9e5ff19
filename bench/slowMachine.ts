// A slower machine, emulated for the whole browser: one busy loop per core,
// and Chromium at a lower priority than the loops (a nice level further up).
// Linux's scheduler then gives each Chromium thread a fixed share of its core,
// whichever thread it is: the workers, the network service and the compositor
// slow down with the page's main thread.
//
// Why not CDP's Emulation.setCPUThrottlingRate (--cpu-throttle): it slows the
// page's main thread only. Measured here, a dedicated worker parsed JSON as
// fast with the page throttled 2.5× as without, so the telemetry and render
// workers kept a fast machine's speed (bench/RESULTS.md, stop 22).
//
// Chromium sets its own threads' nice levels where it may: as root its IO and
// compositor threads go to -8 and the rest to 0, whatever it was started at.
// So as root the busy loops go above them instead (the IO and compositor
// threads then slow less than the rest); as a user Chromium cannot lower its
// nice level, so it is started at the higher one.
//
// The feed server and this driver (this process) share the cores with the
// busy loops at their priority where they may (as root), so the feed keeps
// its rate.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism, getPriority, setPriority } from "node:os";
import { delimiter, join } from "node:path";

/** The kernel's CFS weight of nice levels 0..19 (sched_prio_to_weight). */
const NICE_WEIGHTS = [
  1024, 820, 655, 526, 423, 335, 272, 215, 172, 137, 110, 87, 70, 56, 45, 36, 29, 23, 18, 15,
];

/** The share of a core a thread at `nice` gets beside a busy loop at nice 0. */
export function shareAtNice(nice: number): number {
  const weight = NICE_WEIGHTS[nice]!;
  return weight / (weight + NICE_WEIGHTS[0]!);
}

/**
 * The nice level (1..19) whose share of a core, beside a busy loop at nice 0,
 * is nearest `share` (0 < share < 0.5; a busy loop at equal priority already
 * halves it).
 */
export function niceForShare(share: number): number {
  if (!(share > 0 && share < 0.5))
    throw new Error(`--cpu-share must be above 0 and below 0.5 (got ${share})`);
  let best = 1;
  for (let nice = 1; nice < NICE_WEIGHTS.length; nice++)
    if (Math.abs(shareAtNice(nice) - share) < Math.abs(shareAtNice(best) - share)) best = nice;
  return best;
}

/**
 * One busy loop. It ends itself once the process that started it is gone
 * (its parent then changes): a bench killed by a signal, or by a timeout,
 * runs no exit handler, and its loops would go on spinning above every later
 * run's priority. Left over on 2026-12-06, two such loops at nice -2 halved
 * this VM's speed for hours, and every benchmark and test run after them.
 * The parent is asked once in about a million turns: a cheap system call,
 * about every millisecond, so the loop stays busy.
 */
export const BUSY_LOOP =
  "const parent = process.ppid; for (let turn = 1; ; turn++) if ((turn & 0xfffff) === 0 && process.ppid !== parent) process.exit(0);";

export interface SlowMachine {
  /** The nice level to start Chromium at (0 as root: the loops are raised instead). */
  nice: number;
  /** How far the loops' priority is above Chromium's, in nice levels. */
  niceGap: number;
  /** What it gives each Chromium thread at normal priority: its share of a core. */
  share: number;
  /** The busy loops' process ids. */
  pids: number[];
  /** Stop the busy loops; resolves once they have exited. */
  stop(): Promise<void>;
}

/**
 * Start the busy loops (one pinned to each core, with util-linux's taskset) for
 * a Chromium held to about `share` of each core.
 */
export function startSlowMachine(share: number): SlowMachine {
  return startSlowMachineAtGap(niceForShare(share));
}

/** The slow machine with the busy loops `niceGap` (1..19) nice levels above Chromium's threads. */
export function startSlowMachineAtGap(niceGap: number): SlowMachine {
  if (!(Number.isInteger(niceGap) && niceGap >= 1 && niceGap < NICE_WEIGHTS.length))
    throw new Error(`the nice gap must be a whole number from 1 to ${NICE_WEIGHTS.length - 1}`);
  const taskset = onPath("taskset");
  if (!taskset)
    throw new Error(
      "--cpu-share and --parse-rate need taskset (Debian: apt-get install util-linux) on the PATH",
    );
  const root = process.getuid?.() === 0;
  const loops: ChildProcess[] = [];
  for (let core = 0; core < availableParallelism(); core++) {
    // Pinned: left to the load balancer, both loops can share one core and
    // leave Chromium the other whole (the main thread then parsed at 2/3 of
    // its unhindered rate where it should have been near 1/3).
    const loop = spawn(taskset, ["-c", String(core), process.execPath, "-e", BUSY_LOOP], {
      stdio: "ignore",
    });
    if (root) setPriority(loop.pid!, -niceGap);
    loops.push(loop);
  }
  // The feed server and this driver run on this process's main thread: as
  // root it goes up with the loops, so the feed keeps its rate as a backend on
  // its own machine would (as a user it stays level with them).
  const ownPriority = getPriority();
  if (root) setPriority(-niceGap);
  const exited = loops.map((loop) => new Promise((resolve) => loop.once("exit", resolve)));
  const kill = () => {
    for (const loop of loops) loop.kill("SIGKILL");
  };
  // A run that ends on an error must not leave the loops spinning (Ctrl-C
  // reaches them itself: they are in the terminal's process group; a run
  // killed outright leaves them to end themselves, BUSY_LOOP).
  process.on("exit", kill);
  return {
    nice: root ? 0 : niceGap,
    niceGap,
    share: shareAtNice(niceGap),
    pids: loops.map((loop) => loop.pid!),
    stop: async () => {
      kill();
      if (root) setPriority(ownPriority);
      process.off("exit", kill);
      await Promise.all(exited);
    },
  };
}

function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const path = join(dir, command);
    if (dir && existsSync(path)) return path;
  }
  return null;
}
