// The plot workspace layout: which plots exist, which fields each shows, and
// the shared time window. Persisted in localStorage and validated with zod on
// the way back in, so bad or old stored data falls back to the default.
import { z } from "zod";

// (Stored layouts name one of these; a new preset may be added, none removed.)
export const WINDOW_PRESETS = ["30s", "2m", "10m", "1h", "today", "all"] as const;
export type WindowPreset = (typeof WINDOW_PRESETS)[number];

/** Window length in seconds; null = all of history, or the day (Today, see isTodayPreset). */
export const WINDOW_SECONDS: Record<WindowPreset, number | null> = {
  "30s": 30,
  "2m": 120,
  "10m": 600,
  "1h": 3600,
  today: null,
  all: null,
};

export const WINDOW_LABELS: Record<WindowPreset, string> = {
  "30s": "30 s",
  "2m": "2 min",
  "10m": "10 min",
  "1h": "1 h",
  today: "Today",
  all: "All",
};

/**
 * Today: from local midnight, or the first packet after a pause of more than
 * 4 hours, whichever is later (the telemetry worker finds it).
 */
export function isTodayPreset(preset: WindowPreset): boolean {
  return preset === "today";
}

export const MAX_PLOTS = 24;
export const MAX_FIELDS_PER_PLOT = 12;
/** A state timeline holds a whole group as rows (the battery's 35 faults and warnings). */
export const MAX_TIMELINE_FIELDS = 64;
const MAX_ID_LENGTH = 64;

const plotSpecSchema = z
  .object({
    id: z.string().min(1).max(MAX_ID_LENGTH),
    fields: z.array(z.string().min(1).max(200)).max(MAX_TIMELINE_FIELDS),
    /** Drawn as a state timeline (rows of labelled states), not as lines. */
    timeline: z.boolean().optional(),
    /** A timeline hides the rows whose state never changes in the window. */
    steadyHidden: z.boolean().optional(),
    /** Drawn twice the usual height (lines only: a timeline's height follows its rows). */
    tall: z.boolean().optional(),
  })
  .refine((plot) => plot.timeline === true || plot.fields.length <= MAX_FIELDS_PER_PLOT, {
    message: `A plot of lines shows at most ${MAX_FIELDS_PER_PLOT} fields.`,
  });

/** How many fields a plot may show. */
export function fieldLimit(plot: { timeline?: boolean }): number {
  return plot.timeline === true ? MAX_TIMELINE_FIELDS : MAX_FIELDS_PER_PLOT;
}

export const plotLayoutSchema = z.object({
  version: z.literal(1),
  window: z.enum(WINDOW_PRESETS),
  plots: z.array(plotSpecSchema).max(MAX_PLOTS),
});

export type PlotLayout = z.infer<typeof plotLayoutSchema>;

export const LAYOUT_STORAGE_KEY = "plotLayout";

/** What an engineer wants first: speed, pack, charge, motor heat, solar input. */
export function defaultLayout(): PlotLayout {
  return {
    version: 1,
    window: "2m",
    plots: [
      { id: "speed", fields: ["MotorDetails0.VehicleVelocity", "MotorDetails1.VehicleVelocity"] },
      { id: "pack", fields: ["Battery.PackVoltage", "Battery.PackCurrent"] },
      { id: "soc", fields: ["Battery.PackStateOfCharge"] },
      {
        id: "motor-temp",
        fields: ["MotorDetails0.MotorTemperature", "MotorDetails1.MotorTemperature"],
      },
      // Solar input: the worker's derived power over all 8 MPPT channels.
      { id: "mppt", fields: ["Derived.MpptArrayPower"] },
      { id: "pedals", fields: ["B3.Acceleration", "B3.RegenBraking", "B3.BrakeSwitchDigital"] },
    ],
  };
}

export interface RestoredLayout {
  layout: PlotLayout;
  /** Set when stored data existed but was unusable, so the UI can say so. */
  warning: string | null;
}

/** Parse stored JSON; anything unusable yields the default layout and a warning. */
export function parseStoredLayout(raw: string | null): RestoredLayout {
  if (raw === null) return { layout: defaultLayout(), warning: null };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { layout: defaultLayout(), warning: "Saved plot layout was not valid JSON." };
  }
  const parsed = plotLayoutSchema.safeParse(json);
  if (!parsed.success) {
    return { layout: defaultLayout(), warning: "Saved plot layout was invalid." };
  }
  return { layout: dedupeIds(parsed.data), warning: null };
}

// Ids key React lists and plot drivers; a hand-edited layout could repeat one.
// A repeat gets the first free "-2", "-3", … suffix. At most MAX_PLOTS ids are
// taken, so one of the first MAX_PLOTS + 1 suffixes is free: the loop is
// bounded by construction (an unbounded retry here once froze the Plots tab).
// The base is shortened so a renamed id still passes the schema next visit.
export function dedupeIds(layout: PlotLayout): PlotLayout {
  const seen = new Set<string>();
  const plots = layout.plots.map((plot) => {
    let id = plot.id;
    for (let n = 2; seen.has(id) && n <= MAX_PLOTS + 2; n++) {
      const suffix = `-${n}`;
      id = plot.id.slice(0, MAX_ID_LENGTH - suffix.length) + suffix;
    }
    seen.add(id);
    return { ...plot, id, fields: [...new Set(plot.fields)] };
  });
  return { ...layout, plots };
}

export function newPlotId(): string {
  return `plot-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}
