// Motor controller flags read as the names PROTOCOL.md gives their bits
// (issue 32 item 15), not as bare numbers.
import { describe, expect, it } from "vitest";
import { bitFieldText, flagChips, flagsFault } from "../../src/ui/format/bitNames";
import { LAYOUT } from "../../workers/telemetry/features";

const limitBits = LAYOUT.storedFieldInfo("MotorDetails0.LimitFlags")!.bits!;
const errorBits = LAYOUT.storedFieldInfo("MotorDetails1.ErrorFlags")!.bits!;

describe("bit field text", () => {
  it("names each set bit of the limit and error flags", () => {
    expect(bitFieldText(0, limitBits)).toBe("none");
    expect(bitFieldText(2, limitBits)).toBe("motor current limit");
    expect(bitFieldText(0b1100, limitBits)).toBe("velocity limit, bus current limit");
    expect(bitFieldText(0x108, errorBits)).toBe(
      "bad motor position (Hall) sequence, motor over speed",
    );
  });

  it("shows bits the protocol does not name by number, and odd values as they are", () => {
    expect(bitFieldText(1 << 7, limitBits)).toBe("bit 7");
    expect(bitFieldText(2 ** 31, errorBits)).toBe("bit 31");
    expect(bitFieldText(-1, errorBits)).toBe("-1");
    expect(bitFieldText(2.5, errorBits)).toBe("2.5");
  });
});

// Issue 34: the same names as chips on the Motors and Faults tabs, weighted by
// what they mean: faults danger, bit 4 (a past reset) news, limits plain.
describe("motor flag chips", () => {
  it("weights error bits as faults, a past reset as news and limit bits as information", () => {
    expect(flagChips(0x11, errorBits)).toEqual([
      { bit: 0, name: "hardware over current", tone: "danger" },
      { bit: 4, name: "watchdog caused last reset", tone: "primary" },
    ]);
    expect(flagChips(0x42, limitBits)).toEqual([
      { bit: 1, name: "motor current limit", tone: "none" },
      { bit: 6, name: "motor (IPM) temperature limit", tone: "none" },
    ]);
    // A bit the protocol does not name is still a fault among the errors.
    expect(flagChips(2 ** 12, errorBits)).toEqual([{ bit: 12, name: "bit 12", tone: "danger" }]);
    expect(flagChips(0, errorBits)).toEqual([]);
    expect(flagChips(2.5, errorBits)).toBeNull();
  });

  it("counts a fault only for a fault bit: a past reset alone or a limit is none", () => {
    expect(flagsFault(0x10, errorBits)).toBe(false);
    expect(flagsFault(0x11, errorBits)).toBe(true);
    expect(flagsFault(0x7f, limitBits)).toBe(false);
    expect(flagsFault(undefined, errorBits)).toBe(false);
  });
});
