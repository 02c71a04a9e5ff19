// The application shell: router, hotkeys, theme, the frame (navbar, content,
// status bar) and what floats above it (loading screen, toasts, dialogs).
import { HotkeysProvider } from "@blueprintjs/core";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./shell/AppRoutes";
import { DiagnosticsDialog } from "./shell/diagnostics/DiagnosticsDialog";
import { useShellHotkeys } from "./shell/hotkeys/useShellHotkeys";
import { LoadingScreen } from "./shell/loading/LoadingScreen";
import { AppNavbar } from "./shell/navbar/AppNavbar";
import { NotificationToaster } from "./shell/notifications/NotificationToaster";
import { SettingsDialog } from "./shell/settings/SettingsDialog";
import { StatusBar } from "./shell/statusbar/StatusBar";
import { TransportBar } from "./shell/transport/TransportBar";
import { useThemeSync } from "./shell/theme/useThemeSync";
import { useShellWiring } from "./shell/wiring/useShellWiring";
import "./shell/shell.css";

function Shell() {
  useThemeSync();
  useShellWiring();
  useShellHotkeys();
  return (
    <>
      <div className="helios-app">
        <AppNavbar />
        <main className="helios-content">
          <AppRoutes />
        </main>
        <TransportBar />
        <StatusBar />
      </div>
      <LoadingScreen />
      <NotificationToaster />
      <SettingsDialog />
      <DiagnosticsDialog />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <HotkeysProvider>
        <Shell />
      </HotkeysProvider>
    </BrowserRouter>
  );
}
