import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CsvExporter } from "../../workers/telemetry/csv/CsvExporter";
import { objectsToCsv, flattenRecord, unionHeader } from "../../workers/telemetry/csv/flatten";
import { formatRounded, quoteString } from "../../workers/telemetry/csv/csvCells";
import { FIELD_CATALOG } from "../../workers/telemetry/schema/fields";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { EVERYTHING, T0, TIME_FIELD, exportText, packet, storeOf } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const parse = (text: string) => Papa.parse<string[]>(text.trimEnd(), { delimiter: "," }).data;

describe("CSV export helper (spec): flattening, union header, quoting", () => {
  it("flattens nested objects into dotted columns and takes the union of keys", () => {
    expect(flattenRecord({ a: 1, b: { c: "x", d: { e: true } } })).toEqual({
      a: 1,
      "b.c": "x",
      "b.d.e": true,
    });
    const records = [flattenRecord({ a: 1, n: { x: 2 } }), flattenRecord({ b: 3, n: { y: 4 } })];
    expect(unionHeader(records)).toEqual(["a", "n.x", "b", "n.y"]);
    expect(
      objectsToCsv([
        { a: 1, n: { x: 2 } },
        { b: 3, n: { y: 4 } },
      ]),
    ).toBe("a,n.x,b,n.y\n1,2,,\n,,3,4\n");
  });

  it("quotes strings with inner quotes doubled; booleans are true/false", () => {
    expect(objectsToCsv([{ s: 'say "hi", ok', t: true, f: false }])).toBe(
      's,t,f\n"say ""hi"", ok",true,false\n',
    );
  });

  it("neutralises formulas in string cells only; a negative number stays a number", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(quoteString(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    }
    expect(objectsToCsv([{ n: -12.5, s: "-12.5" }])).toBe(`n,s\n-12.5,"'-12.5"\n`);
    const store = storeOf(1, (p) => (p.Title = "=HYPERLINK(1)"));
    const [header, row] = parse(exportText(store));
    expect(row![header!.indexOf("Title")]).toBe("'=HYPERLINK(1)");
    expect(row![header!.indexOf("Battery.PackCurrent [A]")]).toBe("-3.5");
  });
});

describe("CsvExporter", () => {
  it("defaults to every field (316 wire + derived) with units in the header, after two time columns", () => {
    const [header, ...rows] = parse(exportText(storeOf(3)));
    expect(header!.slice(0, 2)).toEqual(["Time (ISO 8601 UTC)", "Time (epoch ms)"]);
    expect(header!.length).toBe(2 + LAYOUT.storeCatalog().length);
    expect(header).toContain("Battery.PackVoltage [V]");
    expect(header).toContain("Derived.PackPower [W]");
    expect(header).toContain("B3.BrakeSwitchDigital");
    expect(header).toContain("Title");
    const paths = header!.map((h) => h.replace(/ \[.*\]$/, ""));
    for (const f of FIELD_CATALOG) expect(paths).toContain(f.path);
    expect(rows).toHaveLength(3);
  });

  it("writes time as ISO 8601 UTC and epoch ms, values at display precision", () => {
    const [header, row0, row1] = parse(exportText(storeOf(2)));
    const col = (name: string) => header!.indexOf(name);
    expect(row0![0]).toBe("2026-11-18T11:06:40.000Z");
    expect(row1![0]).toBe("2026-11-18T11:06:40.250Z");
    expect(row1![1]).toBe(String((T0 + 0.25) * 1000));
    expect(row1![col("Battery.PackVoltage [V]")]).toBe("100.123"); // 100.1234 → 3 decimals
    expect(row1![col("B3.BrakeSwitchDigital")]).toBe("true");
    expect(row0![col("B3.BrakeSwitchDigital")]).toBe("false");
    expect(row1![col("Pi.Rfid")]).toBe("TAG-1");
  });

  it("converts to imperial with the imperial unit in the header", () => {
    const [header, row] = parse(exportText(storeOf(1), { units: "imperial" }));
    expect(row![header!.indexOf("MotorDetails0.MotorTemperature [°F]")]).toBe("70.47"); // 21.37 °C
    expect(row![header!.indexOf("MotorDetails0.VehicleVelocity [mph]")]).toBe("27.962"); // 12.5 m/s
  });

  it("raw values: wire paths only, the stored value exactly", () => {
    const [header, , row] = parse(exportText(storeOf(2), { values: "raw", timeColumns: false }));
    expect(header![0]).toBe("B3.Acceleration");
    expect(header).toContain("Battery.PackVoltage");
    expect(Math.fround(Number(row![header!.indexOf("Battery.PackVoltage")]))).toBe(
      Math.fround(100.1234),
    );
  });

  it("resamples to N per second with the last packet of each bucket", () => {
    // 4 packets per second for 3 s; 1 per second keeps the 4th of each second.
    const rows = parse(exportText(storeOf(12), { perSecond: 1, fields: ["TimeStamp"] })).slice(1);
    expect(rows.map((r) => r[2])).toEqual([T0 + 0.75, T0 + 1.75, T0 + 2.75].map(String));
    const twice = parse(exportText(storeOf(12), { perSecond: 2, fields: ["TimeStamp"] })).slice(1);
    expect(twice).toHaveLength(6);
    expect(twice[0]![2]).toBe(String(T0 + 0.25));
  });

  it("exports a time window and a field subset, named after source and range", () => {
    const store = storeOf(20);
    const exporter = new CsvExporter(
      store.ring,
      { ...EVERYTHING, fields: ["Battery.PackVoltage", "Nope"], from: T0 + 1, to: T0 + 2 },
      "DEMO",
      TIME_FIELD,
    );
    expect(exporter.header).toEqual([
      "Time (ISO 8601 UTC)",
      "Time (epoch ms)",
      "Battery.PackVoltage [V]",
    ]);
    expect(exporter.rowCount).toBe(5); // 1.00, 1.25, 1.50, 1.75, 2.00
    expect(exporter.fileName).toBe("helios-demo-20261118T110641Z-20261118T110642Z.csv");
  });

  it("writes in chunks of bounded size and stops when cancelled (no more chunks)", () => {
    const store = storeOf(50);
    const exporter = new CsvExporter(store.ring, EVERYTHING, "DEMO", TIME_FIELD);
    const first = exporter.nextChunk(10);
    expect(first.trimEnd().split("\n")).toHaveLength(11); // header + 10 rows
    expect(exporter.rowsDone).toBe(10);
    expect(exporter.done).toBe(false);
    expect(exportText(store, {}, 7)).toBe(exportText(store, {}, 1000));
  });
});

describe("CSV export while the live history keeps taking packets", () => {
  it("writes exactly the rows chosen, though a full history moves and overwrites them meanwhile", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    for (let i = 0; i < 150; i++) store.ingest(packet(i), "DEMO"); // full: rows 50..149
    const exporter = new CsvExporter(
      store.ring,
      { ...EVERYTHING, fields: ["Battery.PackVoltage"], perSecond: 2 },
      "DEMO",
      TIME_FIELD,
    );
    let text = exporter.nextChunk(5);
    // Live packets arrive between chunks: each moves every row and drops the oldest.
    for (let i = 150; !exporter.done; i += 30) {
      for (let k = i; k < i + 30; k++) store.ingest(packet(k), "DEMO");
      text += exporter.nextChunk(5);
    }
    const times = parse(text)
      .slice(1)
      .map((row) => Number(row[1]) / 1000);
    // Two a second over packets 50..149 (every 0.25 s): the last of each half second.
    const expected = Array.from({ length: 50 }, (_, k) => T0 + (51 + 2 * k) * 0.25);
    expect(times).toEqual(expected);
  });
});

describe("formatRounded", () => {
  it("is idempotent: reading back and writing again gives the same text", () => {
    for (const v of [0.1 + 0.2, 99.995, -0.0004, 123456.789, 1e-9, 2.5]) {
      const text = formatRounded(v, 3);
      expect(formatRounded(Math.fround(Number(text)), 3)).toBe(text);
    }
    expect(formatRounded(-0.0001, 3)).toBe("0");
  });
});
