// Packets (socket `packet`, radio lines) through the store's ingest: valid
// packets generated from the protocol's field list are all accepted and stored
// as sent; one broken field rejects the packet with a reason naming it; junk
// never throws.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FLOAT32_MAX, needsFloat64 } from "../../../workers/telemetry/history/precision";
import { TelemetryStore } from "../../../workers/telemetry/store/TelemetryStore";
import { toDisplay } from "../../../workers/shared/units";
import { fuzzParams, hostileText, hostileValue, withPath, wrongTypeFor } from "./fuzzKit";
import { LAYOUT } from "../../../workers/telemetry/features";

// The protocol's list (not the code under test) says what a packet is.
const TSV = fileURLToPath(new URL("../../fixtures/telemetry-fields.tsv", import.meta.url));
const FIELDS = readFileSync(TSV, "utf8")
  .trim()
  .split(/\r?\n/)
  .slice(1)
  .map((line) => {
    const [path = "", type = ""] = line.split("\t");
    return { path, type };
  });

/** What the schema allows per field: finite numbers (within ±3.4e38 in 32-bit columns), booleans, text. */
function leafArbitrary({ path, type }: { path: string; type: string }): fc.Arbitrary<unknown> {
  if (type === "boolean") return fc.boolean();
  if (type === "string") return fc.string({ maxLength: 30 });
  const max = needsFloat64(path) ? Number.MAX_VALUE : FLOAT32_MAX;
  return fc.double({ min: -max, max, noNaN: true, noDefaultInfinity: true });
}

function nest(entries: [string, unknown][]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of entries) {
    const keys = path.split(".");
    let node = root;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]!] = value;
  }
  return root;
}

const validPacket = fc
  .tuple(...FIELDS.map(leafArbitrary))
  .map((values) => nest(FIELDS.map((f, i) => [f.path, values[i]])));

const fieldIndex = fc.integer({ min: 0, max: FIELDS.length - 1 });

describe("fuzz: packets through TelemetryStore.ingest", () => {
  it("accepts every packet the protocol allows and stores its numbers as sent", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    const units = new Map(store.fieldCatalog().map((f) => [f.path, f.unit]));
    fc.assert(
      fc.property(validPacket, fieldIndex, (packet, i) => {
        expect(store.ingest(packet, "NETWORK")).toBe(true);
        const field = FIELDS[i]!;
        if (field.type !== "number") return;
        const sent = field.path.split(".").reduce<unknown>((o, k) => (o as never)[k], packet);
        const [, column] = store.series({
          fields: [field.path],
          from: null,
          to: null,
          points: 100,
          units: "metric",
        }).data;
        const stored = column![column!.length - 1]!;
        // Float32 columns keep ~7 significant digits; nothing becomes Infinity or NaN.
        expect(Number.isFinite(stored)).toBe(true);
        // Read back as shown in metric (m/s as km/h); a sent -0 may read back as
        // 0, the same number to a reader (toBe tells them apart).
        const kept = needsFloat64(field.path) ? (sent as number) : Math.fround(sent as number);
        const expected = toDisplay(kept, units.get(field.path) ?? "", "metric");
        expect(stored + 0).toBe(expected + 0);
      }),
      fuzzParams(60),
    );
  });

  it("rejects a packet with one missing, mistyped or out-of-range field, naming it", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    const broken = fc
      .tuple(validPacket, fieldIndex)
      .chain(([packet, i]) => {
        const field = FIELDS[i]!;
        const bad: fc.Arbitrary<unknown>[] = [fc.constant(undefined), wrongTypeFor(field.type)];
        if (field.type === "number" && !needsFloat64(field.path))
          bad.push(fc.constantFrom(1e39, -1e39, FLOAT32_MAX * 2, Number.MAX_VALUE));
        return fc.tuple(fc.constant(packet), fc.constant(field.path), fc.oneof(...bad));
      })
      .map(([packet, path, value]) => ({ packet: withPath(packet, path, value), path }));
    fc.assert(
      fc.property(broken, ({ packet, path }) => {
        const before = store.counters();
        expect(store.ingest(packet, "RADIO")).toBe(false);
        const after = store.counters();
        expect(after.rejected).toBe(before.rejected + 1);
        expect(after.historyLength).toBe(before.historyLength);
        expect(after.recentRejections.at(-1)?.reason.startsWith(`${path}:`)).toBe(true);
      }),
      fuzzParams(60),
    );
  });

  it("never throws on junk (objects, text, deep nesting, prototype keys) and rejects it with a reason", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 8 });
    fc.assert(
      fc.property(fc.oneof(hostileValue, hostileText), (junk) => {
        expect(store.ingest(junk, "NETWORK")).toBe(false);
        expect(store.counters().recentRejections.at(-1)?.reason).toMatch(/\S/);
      }),
      fuzzParams(),
    );
    expect(store.counters().accepted).toBe(0);
  });
});
