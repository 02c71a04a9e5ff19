// Shared pieces for property-based fuzzing of every parser of outside data
// (socket events, REST, radio frames, localStorage). A parser under fuzz must
// terminate, never throw, accept every value its schema allows and reject every
// other with a reason. New parsers (e.g. raceInfo) reuse these arbitraries.
import fc from "fast-check";

/** Runs per property: enough to find the classic breakages, small enough for npm test. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 120);

export const fuzzParams = (numRuns = FUZZ_RUNS): fc.Parameters<unknown> => ({
  numRuns,
  // FUZZ_SEED=… replays a failure that fast-check reported.
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
});

/** Object keys that break `in`, plain indexing and naive merges. */
export const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
] as const;

const hostileKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTOTYPE_NAMES));

/** Numbers outside data can carry, the nasty ones often. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 1e39, -1e39, 1e308, -5, 10 ** 12),
);

/** An object nested `depth` levels deep (a recursive parser would overflow its stack). */
export const deeplyNested: fc.Arbitrary<unknown> = fc
  .integer({ min: 50, max: 10_000 })
  .map((depth) => {
    let node: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < depth; i++) node = { a: node };
    return node;
  });

/** A JSON object whose keys are written literally, "__proto__" included (as JSON.parse sees it). */
export const protoKeyObject: fc.Arbitrary<unknown> = fc
  .dictionary(fc.constantFrom(...PROTOTYPE_NAMES), fc.jsonValue({ maxDepth: 2 }))
  .map((o) => JSON.parse(JSON.stringify(o)) as unknown);

/** Any value outside data could be: wrong types, odd numbers, prototype keys, deep or long. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    maxDepth: 3,
    maxKeys: 6,
    key: hostileKey,
    withNullPrototype: true,
    withBoxedValues: true,
    withSparseArray: true,
    values: [hostileNumber, fc.string({ maxLength: 40 }), fc.boolean(), fc.constant(null)],
  }),
  hostileNumber,
  deeplyNested,
  protoKeyObject,
  fc.string({ maxLength: 200 }),
  fc.constantFrom(undefined, null, "", "{", "null", "[]", "x".repeat(100_000)),
);

/** Text as it comes from localStorage or a radio line: JSON, broken JSON, or anything. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  hostileValue.map((v) => {
    try {
      return JSON.stringify(v) ?? "undefined";
    } catch {
      return "{}";
    }
  }),
);

/** A deep copy of a JSON-like value with `path` (dotted) set to `value`, or removed when undefined. */
export function withPath<T>(source: T, path: string, value: unknown): T {
  const copy = structuredClone(source) as Record<string, unknown>;
  const keys = path.split(".");
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as T;
}

/** A value of a different JSON type than `type` ("number" | "boolean" | "string" | "object"). */
export function wrongTypeFor(type: string): fc.Arbitrary<unknown> {
  const all: Record<string, fc.Arbitrary<unknown>> = {
    number: fc.double({ noNaN: true, noDefaultInfinity: true }),
    boolean: fc.boolean(),
    string: fc.string({ maxLength: 20 }),
    object: fc.constant({}),
    null: fc.constant(null),
    array: fc.constant([1]),
  };
  return fc.oneof(
    ...Object.entries(all)
      .filter(([k]) => k !== type)
      .map(([, a]) => a),
  );
}
