import { describe, expect, it } from "vitest";
import { checkLatency, MAX_PLAUSIBLE_LATENCY_MS } from "../../workers/telemetry/service/latency";

describe("latency bounds (issue 7, defect 4)", () => {
  it.each([0, 35, 1234.5, MAX_PLAUSIBLE_LATENCY_MS])("accepts %s ms", (ms) => {
    expect(checkLatency("carLatency", ms)).toEqual({ ok: true, ms });
  });

  it.each([-5, -0.001, 1e308, 10 ** 12, MAX_PLAUSIBLE_LATENCY_MS + 1])(
    "rejects %s ms with the plausible range as the reason",
    (ms) => {
      const checked = checkLatency("userLatency", ms);
      expect(checked.ok).toBe(false);
      expect(!checked.ok && checked.reason).toMatch(
        /^userLatency: .* outside the plausible 0\.\.60000 ms$/,
      );
    },
  );

  it.each([Number.NaN, Infinity, "12", null, undefined, {}, [5]])(
    "rejects %s as not a number",
    (raw) => {
      const checked = checkLatency("carLatency", raw);
      expect(checked.ok).toBe(false);
      expect(!checked.ok && checked.reason).toMatch(/^carLatency: expected a number of ms/);
    },
  );
});
