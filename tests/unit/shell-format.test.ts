import { describe, expect, it } from "vitest";
import type { UpgradeFallback } from "../../workers/contract/connection";
import type { FieldInfo } from "../../workers/contract/fields";
import { fieldSections, isFaultField } from "../../src/panels/FieldTable/fieldSections";
import { displayValue, faultActive } from "../../src/ui/format/formatValue";
import {
  CAR_LINK_TEXTS,
  formatAge,
  formatHistoryFill,
  formatLatency,
  formatPacketTime,
  formatTransport,
  formatUpgradeFallback,
  waitingText,
  figureWidthCh,
} from "../../src/ui/format/statusFormat";
import { resolveTheme, toggledTheme } from "../../src/state/theme";
import { formatTimeNamed } from "../../src/ui/format/dateTime";

const field = (path: string, type: FieldInfo["type"] = "boolean", unit = ""): FieldInfo => ({
  path,
  type,
  group: path.split(".")[0] ?? "",
  label: path,
  unit,
});

describe("status bar text", () => {
  it("shows latencies in ms and a dash when unknown", () => {
    expect(formatLatency(12.6)).toBe("13 ms");
    expect(formatLatency(null)).toBe("—");
  });

  it("reads the packet TimeStamp as epoch seconds, its zone named (it stands alone)", () => {
    const seconds = Date.UTC(2026, 6, 1, 12, 34, 56) / 1000;
    const expected = new Date(seconds * 1000).toLocaleTimeString("en-US", {
      hour12: false,
      timeZoneName: "short",
    });
    expect(formatPacketTime(seconds)).toBe(expected);
    expect(formatPacketTime(null)).toBe("—");
  });

  it("shows history fill as length / capacity and a percentage", () => {
    expect(formatHistoryFill(50_000, 200_000)).toBe("50,000 / 200,000 (25%)");
    expect(formatHistoryFill(0, 0)).toBe("0 / 0 (0.0%)");
  });
});

describe("the backend transport in diagnostics", () => {
  const up = (
    transport: "polling" | "websocket",
    upgradeFallback: UpgradeFallback | null = null,
  ) => ({
    socketConnected: true,
    transport,
    upgradeFallback,
  });
  const failed: UpgradeFallback = {
    at: Date.UTC(2026, 5, 1, 19, 26, 3),
    reason: "websocket error",
  };

  it("names the transport, and says why a link is on long-polling", () => {
    expect(formatTransport(up("websocket"), true)).toBe("WebSocket");
    expect(formatTransport(up("polling"), false)).toBe(
      "HTTP long-polling (WebSocket upgrade off in Settings)",
    );
    expect(formatTransport(up("polling"), true)).toBe(
      "HTTP long-polling (the backend has not upgraded)",
    );
    expect(formatTransport({ socketConnected: false, transport: null }, false)).toBe(
      "not connected",
    );
    expect(formatTransport(undefined, false)).toBe("not connected");
  });

  it("says when the link fell back because the backend's upgrade failed, when, and for how long", () => {
    expect(formatTransport(up("polling", failed), true)).toBe(
      "HTTP long-polling (fallback: the backend's WebSocket upgrade failed)",
    );
    expect(formatUpgradeFallback(up("polling", failed), true)).toBe(
      `Failed at ${formatTimeNamed(failed.at / 1000)} (websocket error). This backend stays on ` +
        "long-polling until the app restarts or the WebSocket switch in Settings is turned " +
        "off and on again.",
    );
    // No failure, or the upgrade switched off (long-polling is then the user's choice): no line.
    expect(formatUpgradeFallback(up("polling"), true)).toBeNull();
    expect(formatUpgradeFallback(up("polling", failed), false)).toBeNull();
    expect(formatTransport(up("polling", failed), false)).toBe(
      "HTTP long-polling (WebSocket upgrade off in Settings)",
    );
  });
});

describe("field tables", () => {
  it("splits a tab into sections by nested object and name prefix", () => {
    const catalog = [
      field("BatteryFaults.Errors.OpenWiringFault"),
      field("BatteryFaults.Warnings.CclReducedDueToHighSoc"),
      field("Contactor.ArrayContactorClosed"),
      field("Contactor.LvBpsError"),
      field("MPPT.Mppt1Ch0ArrayCurrent", "number", "A"),
      field("Telemetry.GpsLatitude", "number"),
      field("Telemetry.MpuTemperature", "number"),
      field("Battery.PackVoltage", "number", "V"),
      field("Battery.ChargeRelayEnabled"),
      field("MBMS.ChargeEnable"),
      field("MBMS.SystemState", "number"),
    ];
    const titles = (groups: string[]) => fieldSections(catalog, groups).map((s) => s.title);
    expect(titles(["BatteryFaults"])).toEqual([
      "Battery faults: Errors",
      "Battery faults: Warnings",
    ]);
    expect(titles(["Contactor"])).toEqual(["Array contactor", "LV contactor"]);
    expect(titles(["MPPT", "Telemetry"])).toEqual(["MPPT 1", "GPS", "IMU"]);
    expect(titles(["Battery"])).toEqual(["Battery", "Battery flags"]);
    expect(titles(["MBMS"])).toEqual(["MBMS", "MBMS flags"]); // values first, though flags lead on the wire
  });

  it("knows which fields are faults and when they are active", () => {
    expect(isFaultField(field("BatteryFaults.Warnings.CclReducedDueToHighSoc"))).toBe(true);
    expect(isFaultField(field("MBMS.ProtectionTrip"))).toBe(true);
    expect(isFaultField(field("Contactor.ArrayContactorClosed"))).toBe(false);
    expect(faultActive(true)).toBe(true);
    expect(faultActive(0)).toBe(false);
    expect(faultActive(4)).toBe(true);
  });

  it("formats values in the chosen units", () => {
    expect(displayValue(100, { unit: "°C" }, "imperial")).toEqual({ text: "212", unit: "°F" });
    expect(displayValue(10, { unit: "m/s" }, "metric", 1)).toEqual({ text: "36.0", unit: "km/h" });
    expect(displayValue(undefined, { unit: "V" }, "metric").text).toBe("—");
  });
});

describe("theme", () => {
  it("follows the system unless chosen, and the toggle picks the opposite of what shows", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(toggledTheme("dark")).toBe("light");
  });
});

describe("waiting for a live source (issue 7: honest link state)", () => {
  const now = 1_800_000_000_000;
  it("says nothing in DEMO or while live packets arrive", () => {
    expect(waitingText("DEMO", false, null, now)).toBeNull();
    expect(waitingText("NETWORK", true, now - 500, now)).toBeNull();
  });

  it("says what it waits for and how old the last real packet is", () => {
    expect(waitingText("NETWORK", false, null, now)).toBe(
      "Waiting for the backend · no real packet yet",
    );
    expect(waitingText("NETWORK", false, now - 12_400, now)).toBe(
      "Waiting for the backend · last real packet 12 s ago",
    );
    expect(waitingText("RADIO", false, now - 185_000, now)).toBe(
      "Waiting for the radio · last real packet 3 min ago",
    );
    expect(formatAge(2 * 3600_000)).toBe("2 h ago");
    expect(formatAge(-50)).toBe("just now");
  });

  it("names the car link's three states", () => {
    expect(Object.values(CAR_LINK_TEXTS)).toEqual([
      "Car link unknown",
      "Car connected",
      "Car disconnected",
    ]);
  });
});

describe("figureWidthCh: a status figure's box holds its whole text", () => {
  it("gives digits one ch each and wide characters more", () => {
    expect(figureWidthCh("12:04:59")).toBe(8);
    expect(figureWidthCh("—")).toBe(2); // an em dash is ~1.7 digits wide
    expect(figureWidthCh("184 ms")).toBe(7);
    expect(figureWidthCh("100.5 pkt/s")).toBe(11);
    expect(figureWidthCh("3 W")).toBe(4);
    expect(figureWidthCh("OK")).toBe(3);
  });
});
