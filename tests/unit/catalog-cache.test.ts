// Issue 37: the field catalog follows the math channels. It is asked for once
// per version of the channels (shared by every picker and table of the page),
// asked again when the version moves, shows the old catalog until the new one
// arrives, never lets an older version's late answer replace a newer one, and
// tries again after a failed load.
import { describe, expect, it } from "vitest";
import type { FieldInfo } from "../../workers/contract/fields";
import { CatalogCache } from "../../src/ui/catalogCache";

const field = (path: string, group: string): FieldInfo => ({
  path,
  group,
  type: "number",
  label: path,
  unit: "",
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("the field catalog cache", () => {
  it("loads once per version and again when the channels' version moves", async () => {
    const catalogs = [
      [field("Battery.PackVoltage", "Battery")],
      [field("Battery.PackVoltage", "Battery"), field("DoublePackVoltage", "Math")],
    ];
    let loads = 0;
    const cache = new CatalogCache(async () => catalogs[Math.min(loads++, 1)]!);
    const [a, b] = await Promise.all([cache.get(0), cache.get(0)]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(await cache.get(0)).toBe(a);
    expect(loads).toBe(1);

    const next = await cache.get(1);
    expect(loads).toBe(2);
    expect(next.filter((f) => f.group === "Math").map((f) => f.path)).toEqual([
      "DoublePackVoltage",
    ]);
    expect(cache.isFresh(1)).toBe(true);
  });

  it("keeps the old catalog on screen while the new one loads", async () => {
    const slow = deferred<FieldInfo[]>();
    const answers = [Promise.resolve([field("A", "Battery")]), slow.promise];
    const cache = new CatalogCache(() => answers.shift()!);
    const first = await cache.get(0);
    const loading = cache.get(1);
    expect(cache.current).toBe(first);
    expect(cache.isFresh(1)).toBe(false);
    slow.resolve([field("A", "Battery"), field("M", "Math")]);
    expect((await loading).length).toBe(2);
    expect(cache.current).toHaveLength(2);
  });

  it("never shows an older version's late answer over a newer one", async () => {
    const old = deferred<FieldInfo[]>();
    const answers = [old.promise, Promise.resolve([field("M2", "Math")])];
    const cache = new CatalogCache(() => answers.shift()!);
    const stale = cache.get(1);
    await cache.get(2);
    old.resolve([field("M1", "Math")]);
    await stale;
    expect(cache.current!.map((f) => f.path)).toEqual(["M2"]);
    expect(cache.isFresh(2)).toBe(true);
  });

  it("tries again after a failed load", async () => {
    let calls = 0;
    const cache = new CatalogCache(async () => {
      if (calls++ === 0) throw new Error("worker busy");
      return [field("A", "Battery")];
    });
    await expect(cache.get(0)).rejects.toThrow("worker busy");
    expect(await cache.get(0)).toHaveLength(1);
    expect(calls).toBe(2);
  });
});
