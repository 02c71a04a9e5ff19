// One route per entry of the tabs table (navbar/tabs.tsx), so a new panel
// needs no wiring here. Split-out panels show a spinner while their chunk loads.
import { Spinner } from "@blueprintjs/core";
import { Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { EmptyState } from "../ui/EmptyState";
import { PANEL_VIEWS } from "./navbar/tabs";

export function AppRoutes() {
  return (
    <Suspense fallback={<EmptyState icon={<Spinner size={32} />} title="Loading…" />}>
      <Routes>
        {PANEL_VIEWS.map((view) => (
          <Route key={view.path} path={view.path} element={view.element} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
