// Issue 58 item 14: importing 5,000 alert rules (the limit) held the core for
// 3.4 s and every window's ingest with it. The file is now read in the worker,
// checked and compiled a step at a time: no step takes long, the core takes
// packets and answers between slices, and a bad file still gets its reasons.
import { describe, expect, it } from "vitest";
import type { AlertRule } from "../../workers/contract/alerts";
import { alertRulesFile } from "../../workers/shared/alertRulesFile";
import { defaultRules } from "../../workers/telemetry/alerts/defaults";
import { readyRules, MAX_RULES_FILE_BYTES } from "../../workers/telemetry/alerts/readyRules";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { LAYOUT } from "../../workers/telemetry/features";
import { parseRate } from "../../bench/browserPage";
import { realisticPacket } from "../../bench/realisticPacket";

/** 5,000 rules: the defaults over and over, each with its own id and long texts (6 MB indented). */
function manyRules(count = 5000): AlertRule[] {
  const defaults = defaultRules();
  const long = "a limit the team set after the 2025 race, kept here with its reasons ".repeat(7);
  return Array.from({ length: count }, (_, i) => ({
    ...defaults[i % defaults.length]!,
    id: `rule-${i}`,
    message: `{label} {value} {unit}: ${long}`.slice(0, 500),
    source: long.slice(0, 490),
  }));
}

/**
 * How much slower than the machine the 50 ms was set on this one runs now:
 * its JSON.parse rate of the real packet (44,000/s there, in Node) against
 * this one's, measured just before (0.5 s), 1 to 2.5 (machines differ up to
 * 2.5x). On CI the test shares two cores with another test file, and one run
 * there left 51 ms; here it leaves 12-20 ms, and 22-31 ms beside three busy
 * loops. A core held for the whole import leaves a gap as long as the import.
 */
const REFERENCE_PARSE_RATE = 44_000;
function slowness(): number {
  const rate = parseRate(JSON.stringify(realisticPacket(1)));
  return Math.min(2.5, Math.max(1, REFERENCE_PARSE_RATE / rate));
}

const fileText = (rules: unknown[]) =>
  JSON.stringify(alertRulesFile(rules as AlertRule[]), null, 2);

/** The longest step of `steps` in ms (the best of three runs: a busy machine may stop any one). */
function longestStep(run: () => Generator<void, unknown, void>): { ms: number; steps: number } {
  let best = { ms: Infinity, steps: 0 };
  for (let attempt = 0; attempt < 3; attempt++) {
    const steps = run();
    let longest = 0;
    let count = 0;
    for (;;) {
      const began = performance.now();
      const step = steps.next();
      longest = Math.max(longest, performance.now() - began);
      count++;
      if (step.done) break;
    }
    if (longest < best.ms) best = { ms: longest, steps: count };
  }
  return best;
}

describe("5,000 alert rules made ready a step at a time", () => {
  it("checks and compiles the file with no step near 50 ms", () => {
    const text = fileText(manyRules());
    expect(text.length).toBeGreaterThan(5_000_000);
    const ready = readyRules(text, LAYOUT, { rules: [], hashes: [], compiled: null });
    let result: unknown;
    for (let step = ready.next(); ; step = ready.next())
      if (step.done) {
        result = step.value;
        break;
      }
    expect(result).toMatchObject({ ok: true });
    expect((result as { compiled: { all: unknown[] } }).compiled.all).toHaveLength(5000);
    const { ms, steps } = longestStep(() =>
      readyRules(text, LAYOUT, { rules: [], hashes: [], compiled: null }),
    );
    expect(steps).toBeGreaterThan(5000);
    expect(ms).toBeLessThan(50);
  });

  it("the core goes on between slices: its timers fire, packets are taken, and the rules take", async () => {
    const service = new TelemetryService({ demoSeed: 3 });
    // The demo car at 200 packets a second: a packet every 5 ms waits for each slice.
    service.start({ connectToBackend: false, historyCapacity: 5000, demoRate: 200 }, () => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.snapshot(0).counters.accepted).toBeGreaterThan(0);
    try {
      // Two files in turn, so each import changes the rules.
      const files = [fileText(manyRules()), fileText(manyRules(4999))];
      /** One import, with a timer chain standing for what the core does between slices. */
      const importOnce = async (text: string) => {
        let longestGap = 0;
        let turns = 0;
        let running = true;
        let last = performance.now();
        const tick = () => {
          const now = performance.now();
          longestGap = Math.max(longestGap, now - last);
          last = now;
          turns++;
          if (running) setTimeout(tick, 0);
        };
        setTimeout(tick, 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const accepted = service.snapshot(0).counters.accepted;
        const result = await service.setAlertRules(text);
        running = false;
        // The gap up to the end counts too: an import that held the core
        // throughout would leave one gap as long as itself.
        longestGap = Math.max(longestGap, performance.now() - last);
        return {
          result,
          longestGap,
          turns,
          taken: service.snapshot(0).counters.accepted - accepted,
        };
      };
      // The best of three: a busy machine (or a garbage collection) may stop any one for a while.
      // Each is judged against 50 ms on the machine the budget was set on.
      let best = Infinity;
      for (let attempt = 0; attempt < 3 && best >= 50; attempt++) {
        const machine = slowness();
        const { result, longestGap, turns, taken } = await importOnce(files[attempt % 2]!);
        expect(result.ok && result.rules.length).toBe(attempt % 2 === 0 ? 5000 : 4999);
        expect(service.alertRules()).toHaveLength(attempt % 2 === 0 ? 5000 : 4999);
        // Before: setAlertRules held the core for the whole check and compile
        // (0.5 s and more), with no turn of the timers and no packet. How many
        // turns fit in depends on the machine's speed; the longest gap (below)
        // is what a user would notice.
        expect(turns).toBeGreaterThan(1);
        expect(taken).toBeGreaterThan(0);
        best = Math.min(best, longestGap / machine);
      }
      expect(best).toBeLessThan(50);
    } finally {
      service.stop();
    }
  }, 60_000);
});

describe("bad rules files, read in the worker", () => {
  it("a file larger than any rules file is refused unread, saying why", async () => {
    const service = new TelemetryService({ demoSeed: 3 });
    const big = new Blob([new Uint8Array(MAX_RULES_FILE_BYTES + 1)]);
    // Reading it would fail as JSON anyway: the size is the reason given.
    big.text = () => Promise.reject(new Error("read"));
    expect(await service.setAlertRules(big)).toEqual({
      ok: false,
      errors: ["the file is 20 MB; a rules file (at most 5,000 rules) is at most 20 MB"],
    });
    expect(service.alertRules()).toEqual(defaultRules());
  });

  it("a file that is not JSON, or has more than 5,000 rules, or a bad rule, is refused with its reason", async () => {
    const service = new TelemetryService({ demoSeed: 3 });
    const refused = async (text: string) => {
      const result = await service.setAlertRules(new Blob([text]));
      return result.ok ? [] : result.errors;
    };
    const good = fileText(manyRules(3));
    expect(await refused(good.slice(0, -20))).toEqual([
      expect.stringMatching(/^not JSON: .+/) as string,
    ]);
    expect(await refused(fileText(manyRules(5001)))).toEqual(["rules: at most 5000 rules"]);
    const bad = manyRules(3);
    bad[2] = { ...bad[2]!, subject: "Battery.Nope" };
    expect(await refused(fileText(bad))).toEqual([
      'rules[2] "rule-2": subject "Battery.Nope" is not a numeric or boolean field',
    ]);
    expect(service.alertRules()).toEqual(defaultRules());
    expect(await service.setAlertRules(new Blob([good]))).toMatchObject({ ok: true });
    expect(service.alertRules().map((rule) => rule.id)).toEqual(["rule-0", "rule-1", "rule-2"]);
  });
});
