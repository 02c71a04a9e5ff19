// A forecaster as bench:strategy drives it: the strategy folder's stage and
// its two calls. This checkout's, or another commit's (`--compare <rev>`):
// that commit's workers/ tree is written by `git archive` into a temporary
// directory outside the repository (nothing in the tree is touched) and its
// strategy stage runs in the same pipeline as this one's, on the same
// packets, so both forecast identical days.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import type { StrategyAnswer } from "../workers/contract/strategy";
import type { Stage } from "../workers/telemetry/pipeline/Stage";
import { NUMERIC_FIELDS } from "../workers/telemetry/schema/fields";
import {
  configureStrategy,
  forecastNow,
  strategyStage,
  type StrategyContext,
} from "../workers/telemetry/strategy/strategyStage";

export interface Forecaster {
  stage: Stage<unknown>;
  configure(state: unknown, context: StrategyContext): void;
  forecast(state: unknown, sliderKmh: number | null): StrategyAnswer;
}

export const THIS_FORECASTER: Forecaster = {
  stage: strategyStage as Stage<unknown>,
  configure: configureStrategy as Forecaster["configure"],
  forecast: forecastNow as Forecaster["forecast"],
};

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));

/**
 * Writes `rev`'s workers/ into a new temporary directory (with this
 * checkout's node_modules linked beside it for its packages) and returns the
 * directory; `cleanUp` removes it.
 */
export function checkOutForecaster(rev: string): { dir: string; cleanUp: () => void } {
  let commit: string;
  try {
    commit = execFileSync("git", ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  } catch {
    throw new Error(`--compare: "${rev}" is not a commit this repository has`);
  }
  const dir = mkdtempSync(join(tmpdir(), `strategy-${commit.slice(0, 7)}-`));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = execFileSync("git", ["archive", commit, "workers"], {
      cwd: ROOT,
      maxBuffer: 256 << 20,
    });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  } catch (error) {
    cleanUp();
    throw error;
  }
  return { dir, cleanUp };
}

/**
 * The forecaster of a tree written by checkOutForecaster. Its stage reads
 * the packet's fields at its own commit's indices: when those differ from
 * this checkout's, it is handed a row in its own order.
 */
export async function loadForecaster(dir: string): Promise<Forecaster> {
  const file = (path: string) => pathToFileURL(join(dir, path)).href;
  const mod = await tsImport(file("workers/telemetry/strategy/strategyStage.ts"), import.meta.url);
  const fields = await tsImport(file("workers/telemetry/schema/fields.ts"), import.meta.url);
  const theirs = fields.NUMERIC_FIELDS as readonly string[];
  const stage = mod.strategyStage as Stage<unknown>;
  const moved = stage.inputs.filter(
    (path) => theirs.indexOf(path) !== NUMERIC_FIELDS.indexOf(path),
  );
  return {
    stage:
      moved.length === 0
        ? { ...stage, name: `${stage.name} (compared)` }
        : reordered(stage, theirs),
    configure: mod.configureStrategy,
    forecast: mod.forecastNow,
  };
}

/** `stage` given a row in `theirs` order: its inputs copied there from this checkout's row. */
function reordered(stage: Stage<unknown>, theirs: readonly string[]): Stage<unknown> {
  const pairs = stage.inputs.map((path) => {
    const [from, to] = [NUMERIC_FIELDS.indexOf(path), theirs.indexOf(path)];
    if (from < 0 || to < 0)
      throw new Error(`compared forecaster: no field ${path} in this checkout`);
    return [from, to] as const;
  });
  const row = new Float64Array(theirs.length).fill(NaN);
  return {
    ...stage,
    name: `${stage.name} (compared)`,
    step(state, shared, bits, out, emit) {
      for (const [from, to] of pairs) row[to] = shared[from]!;
      stage.step(state, row, bits, out, emit);
    },
  };
}
