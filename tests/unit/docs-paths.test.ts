// The docs name files and folders of this repository; a rename must not leave
// them pointing at nothing. This test reads README.md and docs/*.md, picks out
// every repository path they name (in `code`, in fenced blocks, in link
// targets) and checks that each one exists. Paths outside the repository
// (starting with ../) and web addresses are skipped.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Top folders whose paths the docs may name. */
const ROOTS = ["workers", "src", "tests", "bench", "feed-server", "docs", ".ci", "public"];
/** A bare name with one of these endings is a top-level file (package.json, vite.config.ts). */
const TOP_LEVEL_FILE = /^[\w.-]+\.(ts|tsx|js|mjs|cjs|json|md|html|css)$/;
/** Characters that start a placeholder: `src/panels/<Name>/`, `…/*`, `{z}`. */
const PLACEHOLDER = /[<*…{]/;
/** Trimmed off a token's ends: quotes, brackets and sentence punctuation. */
const EDGE = /^[("'[]+|[)"'\],;:.!?]+$/g;

interface NamedPath {
  /** The path as written, relative to the repository root. */
  path: string;
  /** The part that must exist: the path, or its fixed prefix before a placeholder. */
  mustExist: string;
}

/** A repository path named by `token`, or null when the token is not one. */
function repositoryPath(token: string): NamedPath | null {
  const path = token.replace(EDGE, "").replace(/^\.\//, "");
  if (path === "" || path.startsWith("../") || path.startsWith("/") || /^\w+:/.test(path))
    return null;
  const first = path.split("/")[0]!;
  const inRoot = path.includes("/") && ROOTS.includes(first);
  if (!inRoot && !TOP_LEVEL_FILE.test(path)) return null;
  const cut = path.search(PLACEHOLDER);
  if (cut === -1) return { path, mustExist: path };
  const prefix = path.slice(0, path.lastIndexOf("/", cut) + 1);
  return prefix === "" ? null : { path, mustExist: prefix };
}

/** Every repository path a Markdown text names; `docDir` is the doc's folder, for link targets. */
function namedPaths(markdown: string, docDir: string): NamedPath[] {
  const found: NamedPath[] = [];
  const addTokens = (text: string) => {
    for (const token of text.split(/[\s|]+/)) {
      const named = repositoryPath(token);
      if (named) found.push(named);
    }
  };
  // Fenced blocks first (commands, diagrams), then what is left outside them.
  const outside = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```/gm, (_block, body: string) => {
    addTokens(body);
    return "";
  });
  for (const [, code] of outside.matchAll(/`([^`\n]+)`/g)) addTokens(code!);
  for (const [, target] of outside.matchAll(/\]\(([^)\s]+)\)/g)) {
    const bare = target!.replace(/#.*$/, "");
    if (bare === "" || /^\w+:/.test(bare)) continue;
    // A link is relative to the doc that holds it; one leaving the repository is skipped.
    const fromRoot = posix.normalize(posix.join(docDir, bare));
    if (fromRoot.startsWith("../")) continue;
    found.push({ path: fromRoot, mustExist: fromRoot });
  }
  return found;
}

const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

describe("the docs name only paths that exist", () => {
  it("finds paths in code, fenced blocks and links, and skips what is not in the repository", () => {
    const sample = [
      "See `workers/telemetry/telemetry.worker.ts` and `package.json`.",
      "```sh\nnpx tsx bench/ingest.ts --help\n```",
      "One folder per tab (`src/panels/<Name>/`); [results](../bench/RESULTS.md).",
      "Outside: `../shared/protocol/PROTOCOL.md`, `http://localhost:5173`, `GET /laps`.",
      "Not paths: `Battery.PackVoltage`, `Derived.*`, `helios-<source>.csv`, `*.worker.ts`.",
    ].join("\n");
    expect(namedPaths(sample, "docs").map((p) => p.mustExist)).toEqual([
      "bench/ingest.ts",
      "workers/telemetry/telemetry.worker.ts",
      "package.json",
      "src/panels/",
      "bench/RESULTS.md",
    ]);
  });

  it("reports a named path that does not exist", () => {
    const missing = namedPaths("The old entry was `workers/entry.ts`.", ".").filter(
      (p) => !existsSync(join(ROOT, p.mustExist)),
    );
    expect(missing.map((p) => p.path)).toEqual(["workers/entry.ts"]);
  });

  it.each(DOCS)("%s", (doc) => {
    const text = readFileSync(join(ROOT, doc), "utf8");
    const named = namedPaths(text, posix.dirname(doc));
    expect(named.length).toBeGreaterThan(0);
    const missing = named.filter((p) => !existsSync(join(ROOT, p.mustExist))).map((p) => p.path);
    expect(missing, `${doc} names paths that do not exist`).toEqual([]);
  });

  it("README.md stays a five-minute read (at most 160 lines)", () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(160);
  });
});
