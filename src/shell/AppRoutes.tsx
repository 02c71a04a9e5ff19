// One route per tab. The plot workspace is split out of the first bundle; it is
// found with import.meta.glob so the shell builds before that panel exists.
import { Spinner } from "@blueprintjs/core";
import { lazy, Suspense, type ComponentType } from "react";
import { Navigate, Route, Routes } from "react-router";
import { EmptyState } from "../ui/EmptyState";
import { AlertsPanel } from "../panels/Alerts/AlertsPanel";
import { FieldTablePanel } from "../panels/FieldTable/FieldTablePanel";
import { LapsPanel } from "../panels/Laps/LapsPanel";
import { MapPanel } from "../panels/Map/MapPanel";
import { OverviewPanel } from "../panels/Overview/OverviewPanel";
import { SessionsPanel } from "../panels/Sessions/SessionsPanel";

type PanelModule = { default: ComponentType };
const plotModules = import.meta.glob<PanelModule>("../panels/Plots/PlotsPanel.tsx");

function PlotsPending() {
  return (
    <EmptyState icon="timeline-line-chart" title="Plots are not built into this version yet" />
  );
}

const PlotsPanel = lazy(
  plotModules["../panels/Plots/PlotsPanel.tsx"] ??
    (() => Promise.resolve({ default: PlotsPending })),
);

// Split out too: its plots bring uPlot, which the first picture does not need.
const StrategyPanel = lazy(() => import("../panels/Strategy/StrategyPanel"));
// The lap compare view brings uPlot and Leaflet: loaded when first opened.
const ComparePanel = lazy(() => import("../panels/Laps/compare/ComparePanel"));

export function AppRoutes() {
  return (
    <Suspense fallback={<EmptyState icon={<Spinner size={32} />} title="Loading…" />}>
      <Routes>
        <Route path="/" element={<OverviewPanel />} />
        <Route path="/battery" element={<FieldTablePanel key="battery" tab="battery" />} />
        <Route path="/motors" element={<FieldTablePanel key="motors" tab="motors" />} />
        <Route path="/mppt" element={<FieldTablePanel key="mppt" tab="mppt" />} />
        <Route path="/faults" element={<FieldTablePanel key="faults" tab="faults" />} />
        <Route path="/contactors" element={<FieldTablePanel key="contactors" tab="contactors" />} />
        <Route path="/driver" element={<FieldTablePanel key="driver" tab="driver" />} />
        <Route path="/gps" element={<FieldTablePanel key="gps" tab="gps" />} />
        <Route path="/math" element={<FieldTablePanel key="math" tab="math" />} />
        <Route path="/plots" element={<PlotsPanel />} />
        <Route path="/map" element={<MapPanel />} />
        <Route path="/laps" element={<LapsPanel />} />
        <Route path="/laps/compare" element={<ComparePanel />} />
        <Route path="/sessions" element={<SessionsPanel />} />
        <Route path="/alerts" element={<AlertsPanel />} />
        <Route path="/strategy" element={<StrategyPanel />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
