// What comes back from localStorage: settings, favourites and plot layouts.
// Valid stored values are restored as saved; one bad field falls back to its
// default with a warning naming it; junk never throws and never loops.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultLayout,
  MAX_FIELDS_PER_PLOT,
  MAX_PLOTS,
  parseStoredLayout,
  WINDOW_PRESETS,
} from "../../../src/state/plotLayout/plotLayout";
import {
  DEFAULT_FAVOURITES,
  SPEC_FAVOURITE_NAMES,
  favouritePath,
} from "../../../src/state/favourites";
import {
  defaultSettings,
  restoreFavourites,
  restoreSettings,
  SETTINGS_LABELS,
  SETTINGS_VERSION,
} from "../../../src/state/settingsSchema";
import { fuzzParams, hostileText, PROTOTYPE_NAMES } from "./fuzzKit";

const TODAY = new Date("2026-07-01T12:00:00Z");
const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = fc.tuple(fc.nat(99), fc.nat(99)).map(([h, m]) => `${pad(h)}:${pad(m)}`);

// The stored settings as the schema describes them, field by field.
const SETTINGS_FIELDS = {
  appUnits: fc.constantFrom("metric", "imperial"),
  connectionType: fc.constantFrom("DEMO", "NETWORK", "RADIO"),
  lapCoords: fc.option(
    fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }).map((v) => v + 0), // JSON has no -0
      long: fc.double({ min: -180, max: 180, noNaN: true }).map((v) => v + 0),
    }),
  ),
  playbackDateTime: fc.record({
    date: fc
      .tuple(fc.integer({ min: 1000, max: 9999 }), fc.nat(99), fc.nat(99))
      .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
    startTime: hhmm,
    endTime: hhmm,
  }),
  backendUrl: fc.webUrl({ validSchemes: ["http", "https"] }),
  recording: fc.boolean(),
  webSocketUpgrade: fc.boolean(),
  timesIn: fc.constantFrom("race", "computer"),
};
const validSettings = fc.record(SETTINGS_FIELDS);
type FieldName = keyof typeof SETTINGS_FIELDS;

describe("fuzz: stored settings", () => {
  it("restores every valid stored settings object as saved, without a warning", () => {
    fc.assert(
      fc.property(validSettings, (settings) => {
        // As this build saves them: with their version.
        const saved = { version: SETTINGS_VERSION, ...settings };
        const restored = restoreSettings(JSON.stringify(saved), TODAY);
        expect(restored.warning).toBeNull();
        expect(restored.value).toEqual(JSON.parse(JSON.stringify(settings)));
      }),
      fuzzParams(),
    );
  });

  it("falls back to the default for one bad field and names it in the warning", () => {
    const bad = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(42, "MARS", true, [], { lat: 91, long: 0 }, "ftp://x", null),
    );
    fc.assert(
      fc.property(
        validSettings,
        fc.constantFrom(...(Object.keys(SETTINGS_FIELDS) as FieldName[])),
        bad,
        (settings, key, value) => {
          const stored: Record<string, unknown> = {
            version: SETTINGS_VERSION,
            ...settings,
            [key]: value,
          };
          if (value === undefined) delete stored[key];
          if (key === "lapCoords" && value === null) return; // null is a valid lapCoords
          const isSwitch = key === "recording" || key === "webSocketUpgrade";
          if (isSwitch && value === true) return; // a valid switch
          // Saves from before the switches and the zone existed lack them: the default, without a warning.
          if ((isSwitch || key === "timesIn") && value === undefined) return;
          const restored = restoreSettings(JSON.stringify(stored), TODAY);
          expect(restored.value[key]).toEqual(defaultSettings(TODAY)[key]);
          expect(restored.warning).toContain(SETTINGS_LABELS[key]);
        },
      ),
      fuzzParams(),
    );
  });

  it("never throws on junk and always yields usable settings", () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const { value } = restoreSettings(raw, TODAY);
        expect(["DEMO", "NETWORK", "RADIO"]).toContain(value.connectionType);
        expect(["metric", "imperial"]).toContain(value.appUnits);
      }),
      fuzzParams(),
    );
  });
});

const FIELD_PATH = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,10}(\.[A-Za-z0-9_]{1,10}){1,2}$/);

describe("fuzz: stored favourites", () => {
  const name = fc.oneof(fc.constantFrom(...SPEC_FAVOURITE_NAMES), FIELD_PATH);

  it("restores every list of old-style names and field paths as paths, duplicates dropped", () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 64 }), (names) => {
        const restored = restoreFavourites(JSON.stringify(names));
        expect(restored.warning).toBeNull();
        expect(restored.value).toEqual([...new Set(names.map(favouritePath))]);
      }),
      fuzzParams(),
    );
  });

  it("rejects built-in object names anywhere in the list", () => {
    fc.assert(
      fc.property(
        fc.array(name, { maxLength: 10 }),
        fc.constantFrom(...PROTOTYPE_NAMES),
        fc.nat(),
        (names, bad, at) => {
          const list = [...names];
          list.splice(at % (list.length + 1), 0, bad);
          const restored = restoreFavourites(JSON.stringify(list));
          expect(restored.value).toEqual([...DEFAULT_FAVOURITES]);
          expect(restored.warning).toMatch(/favourites/);
        },
      ),
      fuzzParams(),
    );
  });

  it("never throws on junk and only ever yields favourite names", () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const { value } = restoreFavourites(raw);
        for (const n of value) expect(typeof n).toBe("string");
        for (const n of value) expect(PROTOTYPE_NAMES as readonly string[]).not.toContain(n);
      }),
      fuzzParams(),
    );
  });
});

describe("fuzz: stored plot layouts", () => {
  // Few distinct ids, so repeats and "-2"-style collisions (a, a-2, a) are common.
  const id = fc.oneof(
    fc.constantFrom("a", "a-2", "a-3", "b", "plot-1", "x".repeat(64), `${"x".repeat(62)}-2`),
    fc.string({ minLength: 1, maxLength: 64 }),
  );
  const layout = fc.record({
    version: fc.constant(1 as const),
    window: fc.constantFrom(...WINDOW_PRESETS),
    plots: fc.array(
      fc.record({
        id,
        fields: fc.array(fc.constantFrom("A.B", "C.D", "E.F"), { maxLength: MAX_FIELDS_PER_PLOT }),
      }),
      { maxLength: MAX_PLOTS },
    ),
  });

  it("restores every valid layout with unique ids that restore again unchanged", () => {
    fc.assert(
      fc.property(layout, (stored) => {
        const first = parseStoredLayout(JSON.stringify(stored));
        expect(first.warning).toBeNull();
        const ids = first.layout.plots.map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(first.layout.plots.map((p) => p.fields)).toEqual(
          stored.plots.map((p) => [...new Set(p.fields)]),
        );
        const again = parseStoredLayout(JSON.stringify(first.layout));
        expect(again).toEqual(first);
      }),
      fuzzParams(),
    );
  });

  it("never throws on junk: anything invalid gives the default layout and a warning", () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const restored = parseStoredLayout(raw);
        if (restored.warning !== null) expect(restored.layout).toEqual(defaultLayout());
      }),
      fuzzParams(),
    );
  });
});
