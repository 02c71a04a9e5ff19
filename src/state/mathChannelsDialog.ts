// Whether the math channels dialog is open and what it opens on: the list,
// one channel to edit, or a new channel. Settings, the `m` hotkey, the field
// pickers' "New math channel…" and the Math tab open it through
// openMathChannels, without importing the shell.
import { proxy } from "valtio";

type MathChannelsTarget = { kind: "list" } | { kind: "edit"; name: string } | { kind: "new" };

export const mathChannelsDialog = proxy<{
  open: boolean;
  target: MathChannelsTarget;
  opening: number;
}>({
  open: false,
  target: { kind: "list" },
  /** Bumped on every opening, so the dialog starts from that opening's target. */
  opening: 0,
});

/** Opens the dialog on the list, a channel's editor (`edit`) or a new channel (`create`). */
export function openMathChannels(options: { edit?: string; create?: boolean } = {}): void {
  mathChannelsDialog.target =
    options.edit !== undefined
      ? { kind: "edit", name: options.edit }
      : options.create
        ? { kind: "new" }
        : { kind: "list" };
  mathChannelsDialog.opening++;
  mathChannelsDialog.open = true;
}

export function closeMathChannels(): void {
  mathChannelsDialog.open = false;
}
