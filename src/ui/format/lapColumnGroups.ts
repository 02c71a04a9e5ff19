// The lap table's columns in the groups its column chooser shows, and the
// set a window starts with. Every lap figure, our energy figures and the
// sectors make 26 columns and more: wider than a laptop (1440 px). The
// default keeps what a strategy engineer reads lap by lap; the rest are a
// click away (src/panels/Laps/LapColumnChooser.tsx), saved per window
// (src/state/lapColumns.ts). Keys are the cells' data-col, except ours that
// share an id with a lap figure ("averageSpeed"), prefixed "ours:".
import { LAP_COLUMNS } from "./lapFormat";
import { ENERGY_COLUMNS } from "./lapAnalysisFormat";

export interface ChoosableColumn {
  key: string;
  title: string;
}

export interface LapColumnGroup {
  title: string;
  columns: readonly ChoosableColumn[];
}

/** The key of one of our (worker-computed) energy and GPS columns. */
export const oursKey = (id: string): string => `ours:${id}`;
/** The key of every sector column at once (their count follows the sector lines). */
export const SECTORS_KEY = "sectors";
/** The key of "ours − the backend's" energy. */
export const BACKEND_CHECK_KEY = oursKey("backendCheck");

const TIME_IDS = ["endMs", "lapTime", "batterySecondsRemaining"];
const figure = (id: string): ChoosableColumn => {
  const column = LAP_COLUMNS.find((c) => c.id === id)!;
  return { key: column.id, title: column.title };
};

export const LAP_COLUMN_GROUPS: readonly LapColumnGroup[] = [
  { title: "Times", columns: TIME_IDS.map(figure) },
  {
    title: "Energy and distance (ours, from every packet)",
    columns: [
      ...ENERGY_COLUMNS.map((c) => ({ key: oursKey(c.id), title: c.title })),
      { key: BACKEND_CHECK_KEY, title: "vs backend" },
    ],
  },
  {
    title: "The backend's lap record",
    columns: LAP_COLUMNS.filter((c) => !TIME_IDS.includes(c.id)).map((c) => figure(c.id)),
  },
  { title: "Sectors", columns: [{ key: SECTORS_KEY, title: "One column per sector" }] },
];

/** What a window shows until its user chooses: about half, fitting 1440 px. */
export const DEFAULT_LAP_COLUMNS: readonly string[] = [
  "endMs",
  "lapTime",
  "batterySecondsRemaining",
  oursKey("packOutWh"),
  oursKey("netWh"),
  oursKey("whPerKm"),
  BACKEND_CHECK_KEY,
  "distance",
  "speed",
  "energyUsed",
  SECTORS_KEY,
];

/** Every key the chooser knows, in the table's order. */
export const ALL_LAP_COLUMN_KEYS: readonly string[] = LAP_COLUMN_GROUPS.flatMap((g) =>
  g.columns.map((c) => c.key),
);
