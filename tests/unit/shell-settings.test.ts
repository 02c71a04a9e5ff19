import { describe, expect, it } from "vitest";
import { DEFAULT_FAVOURITES, favouriteField, isFavouriteName } from "../../src/state/favourites";
import {
  defaultSettings,
  restoreFavourites,
  restoreSettings,
  restoreTheme,
  SETTINGS_VERSION,
} from "../../src/state/settingsSchema";

const today = new Date("2026-07-01T12:00:00Z");

describe("restoring settings", () => {
  it("uses defaults silently when nothing is stored", () => {
    expect(restoreSettings(null, today)).toEqual({ value: defaultSettings(today), warning: null });
  });

  it("keeps valid stored settings", () => {
    const stored = {
      appUnits: "imperial",
      connectionType: "NETWORK",
      lapCoords: { lat: 38.9, long: -77.0 },
      playbackDateTime: { date: "2026-06-30", startTime: "09:00", endTime: "17:30" },
      backendUrl: "https://helios.example:3001",
    };
    // A save from before the recording and WebSocket switches and the zone
    // times are shown in: their defaults, no warning.
    expect(restoreSettings(JSON.stringify(stored), today)).toEqual({
      value: { ...stored, recording: true, webSocketUpgrade: true, timesIn: "race" },
      warning: null,
    });
  });

  it("keeps the recording switch off across a reload, and refuses a bad value", () => {
    const off = { ...defaultSettings(today), recording: false };
    expect(restoreSettings(JSON.stringify(off), today)).toEqual({ value: off, warning: null });
    const bad = restoreSettings(JSON.stringify({ ...off, recording: "no" }), today);
    expect(bad.value.recording).toBe(true);
    expect(bad.warning).toMatch(/\(Recording\)/);
  });

  it("keeps the WebSocket upgrade off across a reload (on by default), and refuses a bad value", () => {
    expect(defaultSettings(today).webSocketUpgrade).toBe(true);
    const off = { ...defaultSettings(today), webSocketUpgrade: false };
    const saved = { version: SETTINGS_VERSION, ...off };
    expect(restoreSettings(JSON.stringify(saved), today)).toEqual({ value: off, warning: null });
    const bad = restoreSettings(JSON.stringify({ ...saved, webSocketUpgrade: 1 }), today);
    expect(bad.value.webSocketUpgrade).toBe(true);
    expect(bad.warning).toMatch(/\(WebSocket upgrade\)/);
  });

  it("reads the upgrade off in a save from before it was the default as that old default", () => {
    // Those builds saved every field, so an untouched switch was saved off: it gets the new default.
    const before = { ...defaultSettings(today), webSocketUpgrade: false };
    expect(restoreSettings(JSON.stringify(before), today)).toEqual({
      value: { ...before, webSocketUpgrade: true },
      warning: null,
    });
    // Turned on then, it stays on; the version-1 save says nothing else is old.
    const on = { ...before, webSocketUpgrade: true, appUnits: "imperial" };
    expect(restoreSettings(JSON.stringify(on), today)).toEqual({ value: on, warning: null });
    const off = { ...before, recording: false };
    expect(restoreSettings(JSON.stringify({ version: 1, ...off }), today).value).toEqual({
      ...off,
      webSocketUpgrade: true,
    });
  });

  it("falls back to defaults with a warning for unreadable JSON", () => {
    const result = restoreSettings("{not json", today);
    expect(result.value).toEqual(defaultSettings(today));
    expect(result.warning).toMatch(/unreadable/);
  });

  it("replaces only the invalid or missing fields of an outdated store", () => {
    const result = restoreSettings(
      JSON.stringify({
        appUnits: "imperial",
        connectionType: "CARRIER_PIGEON",
        lapCoords: { lat: 200, long: 0 },
      }),
      today,
    );
    expect(result.value.appUnits).toBe("imperial");
    expect(result.value.connectionType).toBe("DEMO");
    expect(result.value.lapCoords).toBeNull();
    // Named as the settings dialog names them, not by their saved keys.
    expect(result.warning).toMatch(/\(Connection type, Finish line, Playback range, Backend URL\)/);
  });

  it("rejects a backend URL that is not http(s)", () => {
    const stored = { ...defaultSettings(today), backendUrl: "javascript:alert(1)" };
    expect(restoreSettings(JSON.stringify(stored), today).value.backendUrl).toBe(
      "http://localhost:3001",
    );
  });
});

describe("restoring favourites and theme", () => {
  const SPEC_DEFAULT_PATHS = [
    "MotorDetails0.MotorTemperature",
    "Battery.HighCellVoltage",
    "MotorDetails0.VehicleVelocity",
    "Battery.PackVoltage",
    "Battery.PackCurrent",
    "Battery.AverageCellVoltage",
  ];

  it("defaults to the six spec favourites, stored as the paths of their fields", () => {
    expect(restoreFavourites(null).value).toEqual(SPEC_DEFAULT_PATHS);
    expect(DEFAULT_FAVOURITES.map((name) => favouriteField(name).path)).toEqual(SPEC_DEFAULT_PATHS);
    expect(favouriteField("Battery.HighCellVoltage").digits).toBe(3);
  });

  // Issue 32 item 15: favourites are kept by field path, and the names older
  // versions saved ("Motor Temp", …) come back as the fields they meant.
  it("reads favourites saved by name as their field paths", () => {
    const saved = JSON.stringify([
      "Motor Temp",
      "Battery Cell Voltage",
      "Vehicle Velocity",
      "Pack Voltage",
      "Pack Current",
      "Battery Average Voltage",
    ]);
    expect(restoreFavourites(saved)).toEqual({ value: SPEC_DEFAULT_PATHS, warning: null });
    expect(
      restoreFavourites('["Pack Voltage","MPPT.Mppt0Ch0ArrayCurrent","Battery.PackVoltage"]'),
    ).toEqual({ value: ["Battery.PackVoltage", "MPPT.Mppt0Ch0ArrayCurrent"], warning: null });
  });

  it("keeps field paths, drops duplicates, and rejects junk with a warning", () => {
    expect(
      restoreFavourites(
        '["Battery.PackVoltage","MPPT.Mppt0Ch0ArrayCurrent","Battery.PackVoltage"]',
      ),
    ).toEqual({
      value: ["Battery.PackVoltage", "MPPT.Mppt0Ch0ArrayCurrent"],
      warning: null,
    });
    for (const junk of ["[1,2]", "{}", "nope", '["<img src=x>"]']) {
      const result = restoreFavourites(junk);
      expect(result.value).toEqual([...DEFAULT_FAVOURITES]);
      expect(result.warning).toMatch(/favourites/);
    }
  });

  // Issue 7, defect 5: `in` also sees Object.prototype, so these became tiles.
  it.each(["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"])(
    "does not take the built-in object name %s for a favourite",
    (name) => {
      expect(isFavouriteName(name)).toBe(false);
      const result = restoreFavourites(JSON.stringify(["Pack Voltage", name]));
      expect(result.value).toEqual([...DEFAULT_FAVOURITES]);
      expect(result.warning).toMatch(/favourites/);
      // A name that slipped through anyway maps to itself, never to a prototype member.
      expect(favouriteField(name)).toEqual({ path: name, digits: 2 });
    },
  );

  it("reads the theme as a bare or quoted word, else follows the system with a warning", () => {
    expect(restoreTheme(null)).toEqual({ value: "system", warning: null });
    expect(restoreTheme("dark")).toEqual({ value: "dark", warning: null });
    expect(restoreTheme('"light"')).toEqual({ value: "light", warning: null });
    expect(restoreTheme("purple").value).toBe("system");
    expect(restoreTheme("purple").warning).toMatch(/theme/);
  });
});
