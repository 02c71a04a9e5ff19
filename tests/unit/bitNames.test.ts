// Motor controller flags read as the names PROTOCOL.md gives their bits
// (issue 32 item 15), not as bare numbers.
import { describe, expect, it } from "vitest";
import { bitFieldText } from "../../src/ui/format/bitNames";
import { storedFieldInfo } from "../../workers/telemetry/schema/derivedFields";

const limitBits = storedFieldInfo("MotorDetails0.LimitFlags")!.bits!;
const errorBits = storedFieldInfo("MotorDetails1.ErrorFlags")!.bits!;

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
