// Telling the windows of a pit wall apart: with more than one open, the
// window's name goes into the document title (the taskbar and the tab show
// it) and the status bar. One window alone shows no name: nothing to tell apart.

const APP_TITLE = "Helios Telemetry";

/** The document title for a window named `name` while `windowCount` windows are open. */
export function windowTitle(name: string, windowCount: number): string {
  return windowCount > 1 ? `${name} · ${APP_TITLE}` : APP_TITLE;
}
