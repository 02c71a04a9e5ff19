// Which shell dialog is open; hotkeys, navbar buttons and dialogs share it.
import { proxy } from "valtio";

export const dialogs = proxy({ settings: false, diagnostics: false });
