// Compares this checkout with an older build, as the brief asks: both are
// measured by this checkout's benchmark scripts, alternated in one session
// (new, old, new, old, ...), and each figure of the RESULT line is reported
// as the median of its runs, with the ratio new / old. Machines differ and
// timings drift during a session, so only a ratio measured this way means
// anything.
//
//   npx tsx bench/compareBuilds.ts --base 16c175f --runs 5 ingest
//   BENCH_RATES=2000,5000 npx tsx bench/compareBuilds.ts --base 16c175f browser --no-search
//   npx tsx bench/compareBuilds.ts --base 7f06a95 --own-install --runs 5 ingest
//
// The old build is checked out in a temporary git worktree (outside the
// repository: nothing here is dirtied), given this checkout's bench/, and
// built into a directory of its own; so is this checkout (never ./dist).
// A browser bench then runs from this checkout for both builds, each page
// served from its own build directory.
// By default the old worktree uses this checkout's node_modules (a symlink);
// with --own-install it gets its own, `npm ci` from its own package-lock.json,
// so it runs with the dependency versions it shipped with (needs the npm
// registry; takes a minute or more).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { coresText } from "./benchMachine";
import { median } from "./ingestFeed";
import { writeResultsSection } from "./resultsFile";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const BROWSER_BENCHES = new Set(["browser", "twoWindows"]);

/** `--base <rev> [--runs N] [--own-install] <bench> [its options...]` */
function parseArgs(argv: string[]) {
  let base: string | null = null;
  let runs = 3;
  let ownInstall = false;
  let i = 0;
  for (; i < argv.length && argv[i]!.startsWith("--"); i += 2) {
    if (argv[i] === "--record")
      i -= 1; // resultsFile.ts reads it; it takes no value
    else if (argv[i] === "--own-install") {
      ownInstall = true;
      i -= 1; // takes no value
    } else if (argv[i] === "--base") base = argv[i + 1] ?? null;
    else if (argv[i] === "--runs") runs = Math.max(1, Number(argv[i + 1]) || 3);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  const bench = argv[i];
  if (!base || !bench)
    throw new Error(
      "usage: compareBuilds.ts --base <rev> [--runs N] [--own-install] <bench> [options]",
    );
  // The bench itself never records: only this comparison's section is written.
  const benchArgs = argv.slice(i + 1).filter((arg) => arg !== "--record");
  return { base, runs, ownInstall, bench, benchArgs };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const out = spawnSync(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (out.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${out.stdout}\n${out.stderr}`);
  return out.stdout;
}

/** The RESULT line's numeric figures, and each rate's latency p95 from its progress line. */
function figures(stdout: string): Record<string, number> {
  const lines = stdout.split("\n");
  const line = lines.findLast((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`no RESULT line in:\n${stdout.slice(-2000)}`);
  const out: Record<string, number> = {};
  for (const pair of line.slice(7).split(" ")) {
    const [key, value] = pair.split("=");
    if (key && value !== undefined && Number.isFinite(Number(value))) out[key] = Number(value);
  }
  // bench:browser's RESULT line names 2,000 packets/s only; its progress lines every rate.
  for (const l of lines) {
    const m = /^rate (\d+) packets\/s .*latency p95 ([\d,.]+) ms/.exec(l);
    if (m) out[`latency_p95_ms_at_${m[1]}`] = Number(m[2]!.replace(/,/g, ""));
    const stall = /^rate (\d+) packets\/s .*longest stall ([\d,.]+) ms/.exec(l);
    if (stall) out[`stall_max_ms_at_${stall[1]}`] = Number(stall[2]!.replace(/,/g, ""));
  }
  return out;
}

/** Whether a larger figure is better (rates), worse (times, busy shares) or neither. */
function direction(key: string): 1 | -1 | 0 {
  if (/latency|stall|_ms|busy|long_tasks/.test(key)) return -1; // busy_ratio too: a share
  if (/pps|fps|ratio|max_rate/.test(key)) return 1;
  return 0;
}

const { base, runs, ownInstall, bench, benchArgs } = parseArgs(process.argv.slice(2));
const scratch = mkdtempSync(join(tmpdir(), "helios-compare-"));
const baseTree = join(scratch, "base");
const rev = run("git", ["rev-parse", "--short", base], ROOT).trim();
const head = run("git", ["rev-parse", "--short", "HEAD"], ROOT).trim();
// Results written by --record do not make the code under test differ.
const dirty =
  run("git", ["status", "--porcelain", "--", ".", ":!bench/RESULTS.md"], ROOT).trim() !== "";
try {
  run("git", ["worktree", "add", "--detach", baseTree, rev], ROOT);
  if (ownInstall) {
    if (!existsSync(join(baseTree, "package-lock.json")))
      throw new Error(`--own-install: ${rev} has no package-lock.json for npm ci`);
    console.error(`npm ci in the ${rev} worktree...`);
    run("npm", ["ci", "--no-audit", "--no-fund"], baseTree);
  } else symlinkSync(join(ROOT, "node_modules"), join(baseTree, "node_modules"));
  cpSync(join(ROOT, "bench"), join(baseTree, "bench"), {
    recursive: true,
    filter: (src) => !src.includes(`${join("bench", "latest")}`) && !src.endsWith("RESULTS.md"),
  });
  const builds = [
    { name: `${head}${dirty ? " (with uncommitted changes)" : ""}`, cwd: ROOT },
    { name: rev, cwd: baseTree },
  ].map((b, i) => ({
    ...b,
    dist: join(scratch, `dist-${i}`),
    runs: [] as Record<string, number>[],
  }));
  if (BROWSER_BENCHES.has(bench))
    for (const b of builds) run("npx", ["vite", "build", "--outDir", b.dist], b.cwd);
  // A browser bench measures the built page (BENCH_DIST) and nothing else of
  // the checkout; its harness (the bench's scripts and the feed server that
  // stands in for the backend) is this checkout's for both builds, so both
  // pages face the same server. Run from the old tree, the bench found that
  // tree's feed server, which lacks what today's bench reads of it.
  const benchCwd = (b: (typeof builds)[number]) => (BROWSER_BENCHES.has(bench) ? ROOT : b.cwd);
  for (let r = 0; r < runs; r++)
    for (const b of builds) {
      const stdout = run("npx", ["tsx", `bench/${bench}.ts`, ...benchArgs], benchCwd(b), {
        BENCH_DIST: b.dist,
      });
      b.runs.push(figures(stdout));
      console.error(`run ${r + 1}/${runs} ${b.name}: ${JSON.stringify(b.runs.at(-1))}`);
    }
  const keys = Object.keys(builds[0]!.runs[0]!).filter((k) => k in builds[1]!.runs[0]!);
  const med = (b: (typeof builds)[number], k: string) => median(b.runs.map((f) => f[k]!));
  // Every run's figure beside the medians: one stall shows as one outlier.
  const eachRun = (b: (typeof builds)[number], k: string) => b.runs.map((f) => f[k]!).join(", ");
  const what = `${bench}${benchArgs.length > 0 ? ` ${benchArgs.join(" ")}` : ""}`;
  const rates = process.env.BENCH_RATES ? ` (BENCH_RATES=${process.env.BENCH_RATES})` : "";
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${coresText()}, Node ${process.version}: \`npx tsx bench/compareBuilds.ts --base ${base} --runs ${runs}${ownInstall ? " --own-install" : ""} ${what}\`${rates}. Both builds measured by this checkout's script${BROWSER_BENCHES.has(bench) ? " and feed server, each page served from its own build" : ""}, alternated (new, old, ...); each figure the median of ${runs} runs; "more than 5 % worse" marks rates below 0.95 and times or busy shares above 1.05 of the old build's.`,
    "",
    `| figure | ${builds[0]!.name} | ${builds[1]!.name} | new / old | | each run, new; old |`,
    "|---|---|---|---|---|---|",
  ];
  const worse: string[] = [];
  for (const k of keys) {
    const [n, o] = [med(builds[0]!, k), med(builds[1]!, k)];
    const ratio = o === 0 ? NaN : n / o;
    const d = direction(k);
    const isWorse = d !== 0 && (d > 0 ? ratio < 0.95 : ratio > 1.05);
    if (isWorse) worse.push(k);
    lines.push(
      `| ${k} | ${n} | ${o} | ${ratio.toFixed(3)} | ${isWorse ? "more than 5 % worse" : ""} | ${eachRun(builds[0]!, k)}; ${eachRun(builds[1]!, k)} |`,
    );
  }
  const pairs = keys.map((k) => `${k}=${med(builds[0]!, k)}/${med(builds[1]!, k)}`);
  const result = `RESULT compare=${bench} new=${head} old=${rev} runs=${runs} worse_than_5pct=${worse.join(",") || "none"} ${pairs.join(" ")}`;
  console.log(`\n${lines.join("\n")}\n\n${result}`);
  await writeResultsSection(
    `## Compared with ${rev}: ${what}${rates} (bench/compareBuilds.ts)`,
    lines,
    result,
  );
} finally {
  spawnSync("git", ["worktree", "remove", "--force", baseTree], { cwd: ROOT });
  rmSync(scratch, { recursive: true, force: true });
}
