// The Laps tab's analysis columns and the map's sector lines, as the user
// reads and edits them: sector headers in track order, energy in the unit
// setting, ours against the backend's, flags with their reasons, and the
// editing rules for sector lines (at most 8, unique names).
import { beforeEach, describe, expect, it } from "vitest";
import type { LapRow, LapTable } from "../../workers/contract/lapAnalysis";
import {
  ENERGY_COLUMNS,
  backendCheck,
  flagText,
  formatEnergyCell,
  rowsByEnd,
  sectorTableRows,
  sectorTitles,
} from "../../src/ui/format/lapAnalysisFormat";
import {
  addSectorLine,
  deleteSectorLine,
  renameSectorLine,
  sectorEditing,
  sectorLinesState,
} from "../../src/state/sectorLines";

function row(edit: Partial<LapRow> = {}): LapRow {
  return {
    span: {
      key: { origin: { kind: "shown" }, start: 1000 },
      number: 1,
      start: 1000,
      end: 1220.5,
      lapTimeS: 220.5,
      boundary: "event",
      rfid: "A",
      driver: "A",
      flags: [],
      flagReason: "",
      simulated: false,
    },
    energy: {
      packOutWh: 60,
      arrayInWh: 10,
      netWh: 70,
      whPerKm: 16,
      distanceKm: 4.375,
      averageSpeedKmh: 71.43,
    },
    backend: null,
    sectorS: [],
    sectorEnergy: [],
    ...edit,
  };
}

const table = (rows: LapRow[], names: string[]): LapTable => ({
  rows,
  sectors: names.map((name) => ({ name, lat: 0, long: 0 })),
  sectorProblems: [],
  bestLap: 0,
  bestSector: [],
  theoreticalBestS: null,
  sectorTrack: [],
  simulated: false,
});

describe("lap table analysis columns", () => {
  it("names each sector column by where it ends, the last at the finish", () => {
    expect(sectorTitles(table([], ["Hairpin", "Back straight"])).map((s) => s.title)).toEqual([
      "→ Hairpin",
      "→ Back straight",
      "→ Finish",
    ]);
    expect(sectorTitles(table([], ["Hairpin"]))[1]!.hint).toBe(
      "Sector 2: from Hairpin to the finish line",
    );
    expect(sectorTitles(table([], []))).toEqual([]);
  });

  it("joins a lap to its row by the lap's end, in ms", () => {
    const joined = rowsByEnd(table([row()], []));
    expect(joined.get(1_220_500)?.index).toBe(0);
  });

  it("shows energy per distance and speeds in the unit setting", () => {
    const perDistance = ENERGY_COLUMNS.find((c) => c.id === "whPerKm")!;
    expect(perDistance.unit("imperial")).toBe("Wh/mi");
    expect(formatEnergyCell(row().energy, perDistance, "metric")).toBe("16.00");
    expect(formatEnergyCell(row().energy, perDistance, "imperial")).toBe("25.75");
    const speed = ENERGY_COLUMNS.find((c) => c.id === "averageSpeed")!;
    expect(speed.unit("imperial")).toBe("mph");
    expect(formatEnergyCell(row().energy, speed, "imperial")).toBe("44.38");
    expect(formatEnergyCell(row({ energy: null }).energy, speed, "metric")).toBe("—");
  });

  it("sets ours against the backend's pack energy (its EnergyConsumed is in − out)", () => {
    expect(backendCheck(row())).toBeNull();
    const check = backendCheck(
      row({ backend: { ampHours: 30, averagePackCurrent: 7, energyWh: -58.5, distanceKm: 4.4 } }),
    );
    expect(check?.text).toBe("+1.50");
    expect(check?.hint).toContain("the backend's 58.50 Wh");
  });

  it("marks a flagged lap with why it is left out of best", () => {
    expect(flagText(row())).toBeNull();
    const flagged = row();
    flagged.span = {
      ...flagged.span,
      flags: ["out-lap"],
      flagReason: "stopped 6 min in the first half",
    };
    expect(flagText(flagged)).toEqual({
      text: "out-lap",
      hint: "Not counted for best: stopped 6 min in the first half",
    });
  });
});

describe("sector lines on the map", () => {
  beforeEach(() => {
    sectorLinesState.lines.splice(0);
    sectorEditing.full = false;
  });

  it("adds lines named S1, S2, … up to 8, and says when the 9th does not fit", () => {
    for (let k = 0; k < 8; k++) expect(addSectorLine(36.9, -86.4 + k * 0.001)).toBe(true);
    expect(sectorLinesState.lines.map((l) => l.name)).toEqual([
      "S1",
      "S2",
      "S3",
      "S4",
      "S5",
      "S6",
      "S7",
      "S8",
    ]);
    expect(addSectorLine(36.9, -86.3)).toBe(false);
    expect(sectorEditing.full).toBe(true);
    deleteSectorLine(2);
    expect(sectorEditing.full).toBe(false);
    expect(addSectorLine(36.9, -86.3)).toBe(true);
    expect(sectorLinesState.lines.at(-1)!.name).toBe("S3");
  });

  it("renames a line, refusing an empty name or another line's", () => {
    addSectorLine(36.9, -86.4);
    addSectorLine(36.91, -86.4);
    expect(renameSectorLine(0, "  Hairpin ")).toBe(true);
    expect(sectorLinesState.lines[0]!.name).toBe("Hairpin");
    expect(renameSectorLine(1, "Hairpin")).toBe(false);
    expect(renameSectorLine(1, " ")).toBe(false);
    expect(sectorLinesState.lines[1]!.name).toBe("S2");
  });
});

describe("the sector table", () => {
  const energy = (netWh: number, km: number) => ({
    packOutWh: netWh - 1,
    arrayInWh: 1,
    netWh,
    whPerKm: netWh / km,
    distanceKm: km,
    averageSpeedKmh: 60,
  });
  const lap = (n: number, sectorS: number[], nets: number[], flags: LapRow["span"]["flags"] = []) =>
    row({
      span: { ...row().span, number: n, flags },
      sectorS,
      sectorEnergy: nets.map((net) => energy(net, 2)),
    });

  it("gives each sector's best with its lap, its mean time and its mean energy over the laps that count", () => {
    const rows = [
      lap(1, [100, 120], [30, 40]),
      lap(2, [90, 130], [34, 44]),
      lap(3, [80, 110], [99, 99], ["out-lap"]), // flagged: out of best and of the means
    ];
    const t = { ...table(rows, ["Hairpin"]), bestSector: [1, 0] };
    const [first, second] = sectorTableRows(t, "metric");
    expect(first).toMatchObject({ title: "→ Hairpin", best: "1:30.00 (lap 2)", mean: "1:35.00" });
    expect(second).toMatchObject({ title: "→ Finish", best: "2:00.00 (lap 1)", mean: "2:05.00" });
    const net = ENERGY_COLUMNS.findIndex((c) => c.id === "netWh");
    const perKm = ENERGY_COLUMNS.findIndex((c) => c.id === "whPerKm");
    expect(first!.energy[net]).toBe("32.00"); // (30 + 34) / 2
    expect(second!.energy[perKm]).toBe("21.00"); // (40 / 2 + 44 / 2) / 2
    expect(sectorTableRows(table(rows, []), "metric")).toEqual([]);
  });
});
