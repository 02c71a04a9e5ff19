// One uPlot chart. React builds it (options change only with fields, units,
// theme or the zone times are shown in); data reaches it imperatively
// through the plot's driver.
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import type uPlot from "uplot";
import UplotReact from "uplot-react";
import { axesCanvasHooks } from "./axesCanvas";
import { CHROME, type PlotTheme } from "../../ui/plotPalette";
import type { PlotDriver } from "./plotDriver";
import {
  buildPlotOptions,
  FONT,
  TICK_LENGTH,
  TIME_AXIS_SIZE,
  type PlotActions,
} from "./plotOptions";
import type { PlotSeriesInfo } from "./plotTypes";
import { emptyData } from "./seriesData";
import { SeriesLayer } from "./seriesLayer";
import type { TimeAxisLook } from "../../../workers/shared/plots/timeAxis";
import { useElementWidth } from "./useElementWidth";
import { useShownZone } from "../../ui/useShownZone";
import { stateRows } from "../../../workers/shared/plots/stateRows";
import { asTimeline, timelineHeight, timelineLook } from "./timelineOptions";
import { stateLabel, timelineHoverHooks, type PickedState } from "./timelineHover";
import { showMoment } from "../../actions/momentActions";
import { useTelemetry } from "../../worker-client/hooks";
import { ExactRuns } from "./exactRun";
import { noteHoverHooks } from "./noteHover";
import { useNotes } from "../../worker-client/useNotes";
import type { Note } from "../../../workers/contract/notes";

export const PLOT_HEIGHT = 170;

/** A plot of lines' height: the usual, or twice it for a plot made tall. */
export const linesHeight = (tall: boolean): number => (tall ? 2 * PLOT_HEIGHT : PLOT_HEIGHT);

interface PlotChartProps {
  series: readonly PlotSeriesInfo[];
  driver: PlotDriver;
  actions: PlotActions;
  theme: PlotTheme;
  /** Drawn as a state timeline: a row per flag, bit or code. */
  timeline?: boolean;
  /** A timeline shows only these rows (by label); null: every row. */
  shownRows?: ReadonlySet<string> | null;
  /** Lines drawn twice the usual height. */
  tall?: boolean;
}

export function PlotChart(props: PlotChartProps) {
  const {
    series,
    driver,
    actions,
    theme,
    timeline = false,
    shownRows = null,
    tall = false,
  } = props;
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const shown = useWorkerUnits(series, driver);
  // The legend's time and the time axis (drawn by the render worker) are in it.
  const zone = useShownZone();
  useOnScreen(box, driver);
  const rows = useMemo(
    () =>
      timeline
        ? stateRows(shown).filter((row) => shownRows === null || shownRows.has(row.label))
        : null,
    [timeline, shown, shownRows],
  );
  const onPick = usePickedState();
  const exact = useExactRuns(shown);
  const notes = useNotesRef();
  const base = useMemo(() => {
    const lines = buildPlotOptions(shown, theme, actions, zone);
    const built = rows ? asTimeline(lines, rows, theme) : lines;
    // uPlot redraws itself on a resize or when the legend hides a series: the series layer follows.
    const repaint = () => driver.invalidate();
    const hover = rows
      ? timelineHoverHooks(rows, onPick, exact)
      : noteHoverHooks(() => notes.current);
    const hooks = {
      ...built.hooks,
      ...axesCanvasHooks(),
      ready: [...(built.hooks?.ready ?? []), ...(hover.ready ?? [])],
      setCursor: hover.setCursor ?? [],
      setSize: [repaint],
      setSeries: [repaint],
      // With the cursor away uPlot's legend reads "—" per series: the driver puts the newest back.
      setLegend: [...(built.hooks?.setLegend ?? []), (u: uPlot) => driver.legendWritten(u)],
    };
    return { ...built, hooks };
  }, [shown, rows, theme, actions, driver, zone, onPick, exact, notes]);
  const height = rows ? timelineHeight(rows.length) : linesHeight(tall);
  const options = useMemo(() => ({ ...base, width, height }), [base, width, height]);
  // Stable, so uplot-react never resets what the driver has drawn.
  const data = useMemo(() => emptyData(series.length), [series.length]);
  // New fields remount the chart, so uPlot is never built with data of another shape.
  const fieldsKey = rows
    ? `timeline:${rows.map((row) => row.label).join(",")}`
    : series.map((s) => s.path).join(",");
  return (
    <div
      ref={box}
      className="plot-chart"
      data-axis-units={axisUnits(shown)}
      data-timeline-rows={rows ? rows.map((row) => row.label).join("\n") : undefined}
    >
      {width > 0 && (
        <UplotReact
          key={fieldsKey}
          options={options}
          data={data}
          onCreate={(chart) =>
            driver.attach(
              chart,
              new SeriesLayer(
                chart,
                steppedSeries(shown),
                axisLook(theme, zone),
                rows ? timelineLook(rows, theme, scaledFont(devicePixelRatio)) : null,
              ),
            )
          }
          onDelete={() => driver.detach()}
        />
      )}
    </div>
  );
}

/** A click on a timeline's state shows its moment on the other plots and the map. */
function usePickedState(): (picked: PickedState) => void {
  const { client } = useTelemetry();
  return useMemo(
    () => (picked: PickedState) =>
      void showMoment(client, picked.from, picked.to, stateLabel(picked)),
    [client],
  );
}

/** The window's notes, read by the hover as the pointer moves (a new note does not rebuild the chart). */
function useNotesRef(): RefObject<readonly Note[]> {
  const { list } = useNotes();
  const ref = useRef<readonly Note[]>(list.notes);
  ref.current = list.notes;
  return ref;
}

/** Reads a timeline's bucketed marks again from their packets (columns 1… are `series`). */
function useExactRuns(series: readonly PlotSeriesInfo[]): ExactRuns {
  const { client } = useTelemetry();
  return useMemo(
    () =>
      new ExactRuns(
        (request) => client.api.series(request),
        series.map((s) => s.path),
      ),
    [client, series],
  );
}

/** The plots' font in device pixels, as the render worker writes with it. */
function scaledFont(dpr: number): string {
  return FONT.replace(/^(\d+)px/, (_, px: string) => `${Number(px) * dpr}px`);
}

/** Tell the driver when the chart scrolls in or out of view: off screen it neither asks nor draws. */
function useOnScreen(box: RefObject<HTMLDivElement | null>, driver: PlotDriver): void {
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // A margin of a plot's height: a plot about to scroll in is fresh when it arrives.
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) driver.setOnScreen(entry.isIntersecting);
      },
      { rootMargin: `${PLOT_HEIGHT}px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      driver.setOnScreen(true);
    };
  }, [box, driver]);
}

/** The time axis as the series layer draws it: uPlot's axis font and colours, times in `zone`. */
function axisLook(theme: PlotTheme, zone: string): TimeAxisLook {
  const chrome = CHROME[theme];
  return {
    font: FONT,
    text: chrome.axis,
    grid: chrome.grid,
    height: TIME_AXIS_SIZE,
    tickLength: TICK_LENGTH,
    timeZone: zone,
  };
}

/** Per uPlot series (x first): booleans are drawn as steps. */
function steppedSeries(series: readonly PlotSeriesInfo[]): boolean[] {
  return [false, ...series.map((s) => s.type === "boolean")];
}

/** The y axes' unit labels (left, right), as drawn on the canvas; for tests and a11y. */
function axisUnits(series: readonly PlotSeriesInfo[]): string {
  return [...new Set(series.map((s) => s.unit))].slice(0, 2).join(" ");
}

/** Series with the display units the worker reported (e.g. mph in imperial). */
function useWorkerUnits(series: readonly PlotSeriesInfo[], driver: PlotDriver) {
  const [units, setUnits] = useState<string[] | null>(null);
  useEffect(() => {
    driver.onUnits = setUnits;
    return () => {
      driver.onUnits = null;
    };
  }, [driver]);
  return useMemo(() => {
    // The same series when the worker's units are the ones shown: a new array
    // would rebuild the chart's options, and uPlot would build the chart again.
    if (!units || units.length !== series.length || series.every((s, i) => s.unit === units[i]))
      return series;
    return series.map((s, i) => (s.unit === units[i] ? s : { ...s, unit: units[i]! }));
  }, [series, units]);
}
