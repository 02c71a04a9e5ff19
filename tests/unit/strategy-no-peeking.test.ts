// No peeking (issue 35): the forecaster learns the car from its telemetry
// only. Following every relative import from workers/telemetry/strategy/
// (transitively), nothing may reach the demo car's simulator, its track, the
// bench or the feed server; eslint.config.js says the same to the editor.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const STRATEGY = join(ROOT, "workers/telemetry/strategy");
// bench/: the simulated weather forecasts (bench/simulatedForecast.ts) are the
// bench's; the forecaster reads forecasts only as files.
const FORBIDDEN =
  /(^|\/)(workers\/telemetry\/sources\/demo|feed-server|bench)\/|workers\/shared\/trackCoords/;

/** The module specifiers a TypeScript file imports or re-exports. */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?[^'"]*?\bfrom\s*["']([^"']+)["']/g,
    /\bexport\s+[^'"]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\bimport\s+["']([^"']+)["']/g,
  ];
  for (const p of patterns) for (const m of source.matchAll(p)) found.push(m[1]!);
  return found;
}

function resolveFile(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null; // a package (suncalc): not the simulator
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every file reached from `entries`, and the first forbidden one with the path to it. */
function reach(entries: string[]): { files: Set<string>; forbidden: string[] | null } {
  const seen = new Set<string>();
  const queue: string[][] = entries.map((e) => [e]);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const file = path.at(-1)!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (FORBIDDEN.test(relative(ROOT, file))) return { files: seen, forbidden: path };
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      const next = resolveFile(file, spec);
      if (next) queue.push([...path, next]);
    }
  }
  return { files: seen, forbidden: null };
}

/** The forecaster's files: the strategy's and the weather forecasts' it reads. */
const strategyFiles = () =>
  [STRATEGY, join(ROOT, "workers/telemetry/weather")].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => join(dir, f)),
  );

describe("the strategy forecaster does not peek at the simulator", () => {
  it("reaches nothing of sources/demo/, the feed server or the track's coordinates", () => {
    const files = strategyFiles();
    expect(files.length).toBeGreaterThan(5);
    const { files: reached, forbidden } = reach(files);
    expect(forbidden?.map((f) => relative(ROOT, f)) ?? null).toBeNull();
    expect(reached.size).toBeGreaterThan(files.length); // it did follow the imports
  });

  it("would catch an import of the simulator, direct or through another file", () => {
    expect(importsOf(`import { MASS_KG } from "../sources/demo/carModel";`)).toEqual([
      "../sources/demo/carModel",
    ]);
    // The demo source itself imports the simulator: reaching it counts.
    const demoSource = join(ROOT, "workers/telemetry/sources/DemoSource.ts");
    const { forbidden } = reach([demoSource]);
    expect(forbidden).not.toBeNull();
    // The bench's simulated forecasts count as peeking too.
    expect(FORBIDDEN.test("bench/simulatedForecast.ts")).toBe(true);
  });
});
