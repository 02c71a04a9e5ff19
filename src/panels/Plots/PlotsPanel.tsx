// The plot workspace (route /plots, lazily loaded so uPlot stays out of the
// first bundle). Owns one shared view and ONE animation-frame loop for all
// plots; React renders only the layout and the controls.
import "uplot/dist/uPlot.min.css";
import "./plots.css";
import { Callout, Spinner, useHotkeys } from "@blueprintjs/core";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { useSnapshot } from "valtio";
import { useTelemetry } from "../../worker-client/hooks";
import {
  isTodayPreset,
  MAX_PLOTS,
  WINDOW_SECONDS,
  type WindowPreset,
} from "../../state/plotLayout/plotLayout";
import {
  addPlot,
  layoutNotice,
  plotLayout,
  setWindowPreset,
} from "../../state/plotLayout/plotLayoutStore";
import { PlotCard } from "./PlotCard";
import { PlotFrameLoop } from "./frameLoop";
import { batchingSource } from "./seriesBatcher";
import { connectTelemetry, onRenderNews } from "../../worker-client/renderClient";
import { plotStats } from "../../state/plotStats";
import { providePlotsWindow } from "../../state/plotsWindow";
import { openRangeStats, setPlottedFields } from "../../state/rangeStats";
import { PlotToolbar } from "./PlotToolbar";
import { PlotView } from "./plotView";
import { usePlottableFields, type PlotCatalog } from "../../ui/useFieldCatalog";
import { usePlotFocus } from "./usePlotFocus";
import { usePlotRequests } from "./usePlotRequests";
import { formatTime, formatTimeNamed } from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";
import { mountSeriesSurface } from "./seriesSurface";
import { PlotWorkspaceContext, type PlotWorkspace } from "./workspace";
import { followLayout } from "./layoutAhead";
import { appState } from "../../state/appState";
import { PIT_VIEW_QUERY, useMediaQuery } from "../../ui/useMediaQuery";
import { PlotPicker, usePickedPlot } from "./PlotPicker";

export default function PlotsPanel() {
  const layout = useSnapshot(plotLayout);
  const notice = useSnapshot(layoutNotice);
  useShownZone(); // the focus's times are in it: drawn again when it changes
  const catalog = usePlottableFields();
  const workspace = usePlotWorkspaceState(layout.window);
  const { view } = workspace;
  const flags = useSyncExternalStore(view.subscribe, view.getFlags);
  usePauseHotkey(view);
  const focus = usePlotFocus(view);
  usePlotRequests();
  usePublishPlottedFields(layout.plots, catalog);
  const grid = useRef<HTMLDivElement>(null);
  useFollowLayout(workspace, catalog, grid);
  // The pit view (phone or tablet) draws one plot at a time, picked by title.
  const oneAtATime = useMediaQuery(PIT_VIEW_QUERY);
  const picked = usePickedPlot(layout.plots);
  const shownPlots = oneAtATime ? (picked.shown ? [picked.shown] : []) : layout.plots;

  const chooseWindow = (preset: WindowPreset) => {
    setWindowPreset(preset);
    view.setWindow(WINDOW_SECONDS[preset], isTodayPreset(preset));
  };

  return (
    <PlotWorkspaceContext.Provider value={workspace}>
      <div className="plots-panel" data-testid="plots-panel">
        <PlotToolbar
          window={layout.window}
          flags={flags}
          canAdd={layout.plots.length < MAX_PLOTS}
          onWindow={chooseWindow}
          onLive={() => view.goLive()}
          onPause={() => view.togglePause()}
          onAdd={() => addPlot()}
          onStats={() => {
            const range = view.xRange();
            if (range) openRangeStats(range.min, range.max, "Visible window");
          }}
        />
        {focus && !flags.follow && (
          <Callout
            compact
            icon="locate"
            data-testid="plots-focus"
            data-from={focus.from}
            data-to={focus.to}
          >
            Showing {focus.label} ({formatTime(focus.from)} – {formatTimeNamed(focus.to)})
          </Callout>
        )}
        {notice.warning && (
          <Callout intent="warning" compact onClick={() => (layoutNotice.warning = null)}>
            {notice.warning} The default plot layout is shown.
          </Callout>
        )}
        {catalog && oneAtATime && layout.plots.length > 1 && (
          <PlotPicker
            plots={layout.plots}
            catalog={catalog}
            shown={picked.shown?.id}
            onPick={picked.pick}
          />
        )}
        {catalog ? (
          <div className="plots-grid" ref={grid}>
            <SeriesSurface />
            {shownPlots.map((plot) => (
              <PlotCard
                key={plot.id}
                id={plot.id}
                fields={plot.fields}
                timeline={plot.timeline}
                steadyHidden={plot.steadyHidden}
                tall={plot.tall}
                catalog={catalog}
              />
            ))}
          </div>
        ) : (
          <Spinner size={24} />
        )}
      </div>
    </PlotWorkspaceContext.Provider>
  );
}

/**
 * The statistics drawer (in the shell) summarises the plotted series: tell it
 * which they are, those the catalog knows, each once in plot order.
 */
function usePublishPlottedFields(
  plots: readonly { readonly fields: readonly string[] }[],
  catalog: PlotCatalog | null,
): void {
  useEffect(() => {
    if (!catalog) return;
    setPlottedFields(plots.flatMap((plot) => plot.fields.filter((f) => catalog.byPath.has(f))));
  }, [plots, catalog]);
}

/** The view follows the layout's window, and a new layout's plots are asked for ahead (layoutAhead.ts). */
function useFollowLayout(
  { view, source }: PlotWorkspace,
  catalog: PlotCatalog | null,
  grid: RefObject<HTMLDivElement | null>,
): void {
  const { appUnits } = useSnapshot(appState);
  useEffect(() => {
    if (!catalog) return;
    const chartWidth = () => {
      const chart = grid.current?.querySelector<HTMLElement>(".plot-chart");
      return chart ? Math.floor(chart.clientWidth) : null;
    };
    return followLayout({ layout: plotLayout, view, source, catalog, units: appUnits, chartWidth });
  }, [view, source, catalog, appUnits, grid]);
}

/** The one canvas every plot's series lines are painted on (seriesSurface.ts). */
function SeriesSurface() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => (canvas.current ? mountSeriesSurface(canvas.current) : undefined), []);
  return <canvas ref={canvas} className="plots-series-surface" aria-hidden="true" />;
}

/** The workspace objects live as long as the panel; the loop runs while mounted. */
function usePlotWorkspaceState(window: WindowPreset): PlotWorkspace {
  const { client, live } = useTelemetry();
  const [workspace] = useState<PlotWorkspace>(() => {
    const view = new PlotView(WINDOW_SECONDS[window], isTodayPreset(window));
    const stats = plotStats();
    const loop = new PlotFrameLoop(
      view,
      stats,
      () => live.status,
      undefined,
      onRenderNews,
      (listener) => live.subscribeStatus(listener),
    );
    view.onChange = loop.wake;
    return {
      view,
      stats,
      loop,
      source: batchingSource((requests) => client.api.seriesBatch(requests)),
      actions: {
        zoomTo: (min, max) => view.zoomTo(min, max),
        panBy: (fraction) => view.panBy(fraction),
        zoomBy: (factor, at) => view.zoomBy(factor, at),
        goLive: () => view.goLive(),
        shownRange: () => view.xRange(),
        hover: (over) => {
          view.pointerOver = over;
          loop.wake();
        },
        statsRange: (min, max, fields) => openRangeStats(min, max, "Selection", fields),
      },
    };
  });
  useEffect(() => {
    workspace.loop.start();
    return () => workspace.loop.stop();
  }, [workspace]);
  // The navbar's Export offers the plots' window while it stands still.
  useEffect(
    () =>
      providePlotsWindow(() => {
        const range = workspace.view.fixedRange();
        return range ? { from: range.min, to: range.max } : null;
      }),
    [workspace],
  );
  // The render worker's own line to the telemetry worker, for live plots it refreshes.
  useEffect(() => client.servePlots(connectTelemetry), [client]);
  return workspace;
}

function usePauseHotkey(view: PlotView): void {
  const hotkeys = useMemo(
    () => [
      {
        combo: "space",
        global: true,
        preventDefault: true,
        group: "Plots",
        label: "Pause or resume all plots",
        onKeyDown: () => {
          // A focused button would also "click" on the Space keyup.
          if (document.activeElement instanceof HTMLButtonElement) document.activeElement.blur();
          view.togglePause();
        },
      },
    ],
    [view],
  );
  useHotkeys(hotkeys);
}
