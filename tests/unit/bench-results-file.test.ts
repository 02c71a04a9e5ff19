// A benchmark run must not dirty the tree: without --record its section goes to
// bench/latest/ (ignored by git) and the tracked bench/RESULTS.md stays as it was.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RECORD, latestFileName, writeResultsSection } from "../../bench/resultsFile";

const bench = (path: string) => fileURLToPath(new URL(`../../bench/${path}`, import.meta.url));

describe("bench results file", () => {
  it("names each section's latest file after its heading", () => {
    expect(latestFileName("## Ingest (npm run bench:ingest)")).toBe("ingest.md");
    expect(latestFileName("## Browser profile (npm run bench:browser -- --profile)")).toBe(
      "browser-profile.md",
    );
    expect(latestFileName("## CSV export and import (npm run bench:export)")).toBe(
      "csv-export-and-import.md",
    );
  });

  it("writes a run to bench/latest and leaves RESULTS.md alone unless recording", async () => {
    expect(RECORD).toBe(false);
    const results = readFileSync(bench("RESULTS.md"), "utf8");
    const heading = "## Results file check (vitest)";
    try {
      await writeResultsSection(heading, ["| a | b |", "|---|---|", "| 1 | 2 |"], "RESULT x=1");
      const latest = readFileSync(bench("latest/results-file-check.md"), "utf8");
      expect(latest).toContain(heading);
      expect(latest).toContain("RESULT x=1");
      expect(readFileSync(bench("RESULTS.md"), "utf8")).toBe(results);
    } finally {
      rmSync(bench("latest/results-file-check.md"), { force: true });
    }
    expect(existsSync(bench("latest/results-file-check.md"))).toBe(false);
  });
});
