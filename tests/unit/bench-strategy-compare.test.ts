// bench:strategy --compare <rev> (issue 56): the other commit's forecaster is
// written outside the repository, runs beside this one's, and leaves the
// tree as it was.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutForecaster, loadForecaster } from "../../bench/strategyForecaster";

const ROOT = resolve(__dirname, "../..");
const status = () =>
  execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" });

describe("bench:strategy --compare", () => {
  it("writes the commit's forecaster outside the tree, loads it, and removes it after", async () => {
    const before = status();
    const { dir, cleanUp } = checkOutForecaster("16c175f");
    try {
      expect(resolve(dir).startsWith(ROOT)).toBe(false);
      expect(existsSync(`${dir}/workers/telemetry/strategy/strategyStage.ts`)).toBe(true);
      const other = await loadForecaster(dir);
      expect(other.stage.name).toBe("strategy (compared)");
      expect(other.stage.inputs).toContain("Battery.PackStateOfCharge");
      expect(typeof other.forecast).toBe("function");
    } finally {
      cleanUp();
    }
    expect(existsSync(dir)).toBe(false);
    expect(status()).toBe(before);
  }, 60_000);

  it("refuses a revision git does not know, leaving nothing behind", () => {
    expect(() => checkOutForecaster("no-such-commit-56")).toThrow(
      /--compare: "no-such-commit-56" is not a commit this repository has/,
    );
  });
});
