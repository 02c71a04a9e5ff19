// The application shell: router, hotkeys, theme, the frame (navbar, content,
// status bar) and what floats above it (loading screen, toasts, dialogs).
import { HotkeysProvider } from "@blueprintjs/core";
import { BrowserRouter, useLocation } from "react-router";
import { BIG_NUMBERS_PATH } from "./actions/bigNumbersActions";
import { AlertRulesDialog } from "./shell/alertRules/AlertRulesDialog";
import { AppRoutes } from "./shell/AppRoutes";
import { CsvDialog } from "./shell/csv/CsvDialog";
import { DiagnosticsDialog } from "./shell/diagnostics/DiagnosticsDialog";
import { ShortcutsDialog } from "./shell/hotkeys/ShortcutsDialog";
import { useShellHotkeys } from "./shell/hotkeys/useShellHotkeys";
import { MathChannelsDialog } from "./shell/mathChannels/MathChannelsDialog";
import { LoadingScreen } from "./shell/loading/LoadingScreen";
import { AppNavbar } from "./shell/navbar/AppNavbar";
import { TabContent } from "./shell/navbar/TabContent";
import { LayoutLinkDialogs } from "./shell/layouts/LayoutLinkDialogs";
import { LayoutNameDialog } from "./shell/layouts/LayoutNameDialog";
import { NoteNowDialog } from "./shell/notes/NoteNowDialog";
import { ActionToaster } from "./shell/notifications/ActionToaster";
import { NotificationToaster } from "./shell/notifications/NotificationToaster";
import { RangeStatsDrawer } from "./shell/rangeStats/RangeStatsDrawer";
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
  // Big numbers fill the window: the frame around them is hidden (shell.css).
  const big = useLocation().pathname === BIG_NUMBERS_PATH;
  return (
    <>
      <div className="helios-app" data-big-numbers={big || undefined}>
        <AppNavbar />
        <TabContent>
          <AppRoutes />
        </TabContent>
        <TransportBar />
        <StatusBar />
      </div>
      <LoadingScreen />
      <NotificationToaster />
      <ActionToaster />
      <SettingsDialog />
      <DiagnosticsDialog />
      <CsvDialog />
      <AlertRulesDialog />
      <RangeStatsDrawer />
      <LayoutNameDialog />
      <LayoutLinkDialogs />
      <MathChannelsDialog />
      <NoteNowDialog />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <HotkeysProvider
        renderDialog={(state, { handleDialogClose }) => (
          <ShortcutsDialog
            hotkeys={state.hotkeys}
            isOpen={state.isDialogOpen}
            onClose={handleDialogClose}
          />
        )}
      >
        <Shell />
      </HotkeysProvider>
    </BrowserRouter>
  );
}
