import { OverviewPanel } from "./panels/Overview/OverviewPanel";

export function App() {
  return <OverviewPanel />;
}
