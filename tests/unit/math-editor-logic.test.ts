// Issue 37: the math channel editor's own logic. The worker is asked ~150 ms
// after the last keystroke (one check per pause, not one per key) and only the
// newest text's answer is shown; a problem's place is marked in the text; a
// duplicate gets a free name; the last minute is a line broken at its gaps;
// gaps and a recompute read as sentences.
import { describe, expect, it } from "vitest";
import type { MathChannelDef } from "../../workers/contract/math";
import {
  channelToForm,
  duplicateChannel,
  formToChannel,
  markProblem,
  nameFromLabel,
} from "../../src/shell/mathChannels/channelForm";
import { CHECK_DELAY_MS, LatestCheck } from "../../src/shell/mathChannels/latestCheck";
import { sparklinePath } from "../../src/shell/mathChannels/sparkline";
import { gapText, recomputeText } from "../../src/ui/format/mathFormat";
import { manualTimers } from "./manualTimers";

function checkTimers() {
  const clock = manualTimers();
  return {
    clock,
    timers: {
      set: (cb: () => void, ms: number) => clock.timers.setTimeout(cb, ms),
      clear: (h: unknown) => clock.timers.clearTimeout(h as number),
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("checking as the user types", () => {
  it("asks once after the typing pauses, with the last text", async () => {
    const { clock, timers } = checkTimers();
    const asked: string[] = [];
    const shown: string[] = [];
    const latest = new LatestCheck(
      async (text: string) => {
        asked.push(text);
        return `checked ${text}`;
      },
      (answer) => shown.push(answer),
      timers,
    );
    for (const text of ["B", "Ba", "Bat", "Batt"]) {
      latest.request(text);
      clock.tick(50);
    }
    expect(asked).toEqual([]);
    clock.tick(CHECK_DELAY_MS);
    await settle();
    expect(asked).toEqual(["Batt"]);
    expect(shown).toEqual(["checked Batt"]);
  });

  it("never shows a slow answer to older text over the newer one's", async () => {
    const { clock, timers } = checkTimers();
    const answers = new Map<string, (value: string) => void>();
    const shown: string[] = [];
    const latest = new LatestCheck(
      (text: string) => new Promise<string>((resolve) => answers.set(text, resolve)),
      (answer) => shown.push(answer),
      timers,
    );
    latest.request("1 +");
    clock.tick(CHECK_DELAY_MS);
    latest.request("1 + 2");
    clock.tick(CHECK_DELAY_MS);
    answers.get("1 + 2")!("ok");
    await settle();
    answers.get("1 +")!("syntax error");
    await settle();
    expect(shown).toEqual(["ok"]);
  });

  it("shows nothing once the form is closed", async () => {
    const { clock, timers } = checkTimers();
    const shown: string[] = [];
    const latest = new LatestCheck(
      async (text: string) => text,
      (answer) => shown.push(answer),
      timers,
    );
    latest.request("x");
    latest.dispose();
    clock.tick(CHECK_DELAY_MS * 2);
    await settle();
    expect(shown).toEqual([]);
  });
});

describe("a problem's place in the expression", () => {
  it("marks the character the worker points at", () => {
    expect(markProblem("Battery.PackCurent * 2", { message: "Unknown field", at: 8 })).toEqual({
      before: "Battery.",
      marked: "P",
      after: "ackCurent * 2",
    });
  });

  it("marks the end of a text that stops too early, and nothing without a place", () => {
    expect(markProblem("1 +", { message: "Expected an operand", at: 3 })).toEqual({
      before: "1 +",
      marked: " ",
      after: "",
    });
    expect(markProblem("1 +", { message: "too long" })).toBeNull();
    expect(markProblem("1 +", { message: "odd", at: -1 })).toBeNull();
  });
});

describe("the form", () => {
  const def: MathChannelDef = {
    name: "NetPower",
    label: "Net Power",
    expression: "Derived.MpptArrayPower - Derived.PackPower",
    unit: "W",
    description: "Array in minus pack out",
  };

  it("goes to a definition and back; an empty label is left out (the name shows)", () => {
    expect(formToChannel(channelToForm(def))).toEqual(def);
    const bare = formToChannel({ ...channelToForm(def), label: "  ", name: " NetPower " });
    expect(bare).not.toHaveProperty("label");
    expect(bare.name).toBe("NetPower");
  });

  it("makes a name from the label as typed", () => {
    expect(nameFromLabel("Double Pack Voltage")).toBe("DoublePackVoltage");
    expect(nameFromLabel("Wh/km (stint)")).toBe("WhKmStint");
    expect(nameFromLabel("1-minute speed")).toBe("_1MinuteSpeed");
  });

  it("duplicates under a name and label no channel has", () => {
    const first = duplicateChannel(def, [def]);
    expect(first).toMatchObject({ name: "NetPowerCopy", label: "Net Power (copy)" });
    expect(first.expression).toBe(def.expression);
    const second = duplicateChannel(def, [def, first]);
    expect(second).toMatchObject({ name: "NetPowerCopy2", label: "Net Power (copy 2)" });
  });
});

describe("the last minute as a small line", () => {
  const box = { width: 100, height: 10 };

  it("spans the box: first time left, last right, lowest value at the bottom", () => {
    expect(sparklinePath([0, 1, 2], [0, 5, 10], box)).toBe("M0 10 L50 5 L100 0");
  });

  it("breaks at a gap instead of joining across it", () => {
    const path = sparklinePath([0, 1, 2, 3, 4], [1, 2, null, 2, 1], box);
    expect(path).toBe("M0 10 L25 0 M75 0 L100 10");
    expect(path.match(/M/g)).toHaveLength(2);
  });

  it("shows a lone value between gaps as a dot, a flat line in the middle, nothing without values", () => {
    expect(sparklinePath([0, 1, 2], [null, 3, null], box)).toBe("M50 5 h0.1");
    expect(sparklinePath([0, 2], [4, 4], box)).toBe("M0 5 L100 5");
    expect(sparklinePath([0, 1], [null, null], box)).toBe("");
    expect(sparklinePath([], [], box)).toBe("");
  });
});

describe("gaps and recomputes in words", () => {
  it("counts the gaps among the rows and says why", () => {
    expect(gapText({ count: 12, rows: 600, reasons: ["division by zero"] })).toBe(
      "12 of 600 rows are gaps: division by zero",
    );
    expect(gapText({ count: 2, rows: 600, reasons: ["a", "b"] })).toBe(
      "2 of 600 rows are gaps: a; b",
    );
    expect(gapText({ count: 0, rows: 600, reasons: [] })).toBeNull();
  });

  it("gives the recompute's progress in whole percent", () => {
    expect(recomputeText({ done: 400, total: 1000 })).toBe("Computing math channels… 40 %");
    expect(recomputeText({ done: 0, total: 0 })).toBe("Computing math channels… 0 %");
    expect(recomputeText(null)).toBeNull();
  });
});
