// How Diagnostics and the status bar speak of the app's other windows
// (workers/contract/windows.ts, WindowsState).
import type { WindowsState } from "../../../workers/contract/windows";

/** Diagnostics' "Windows" line: how many share the core, and where it runs. */
export function formatWindows(windows: WindowsState | null | undefined): string {
  if (!windows) return "not known yet";
  if (windows.hosting === "shared") {
    const count = windows.count === 1 ? "1 window uses" : `${windows.count} windows share`;
    return `${count} one core, in a shared worker (one connection, one recording)`;
  }
  const recorder =
    windows.recorder === "another window"
      ? "another window of this app records the car"
      : "this window records";
  return `this window's own core, in its dedicated worker (no shared core); ${recorder}`;
}

/** The status bar's marker when another window records instead of this one. */
export const NOT_RECORDING_MARKER = "Not recording: another window records";
