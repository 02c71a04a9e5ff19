// The `?` dialog listing every shortcut, grouped. Replaces Blueprint's default
// dialog, whose group titles are h4 right under the dialog's h2 (a skipped
// heading level for screen readers) and whose list is an unreachable scroll box.
import { Classes, Dialog, DialogBody, KeyComboTag, type HotkeyConfig } from "@blueprintjs/core";
import { DialogHeading } from "../../ui/headings";

function groupsOf(hotkeys: readonly HotkeyConfig[]): Map<string, HotkeyConfig[]> {
  const groups = new Map<string, HotkeyConfig[]>();
  for (const hotkey of hotkeys) {
    const group = hotkey.group ?? "Global";
    groups.set(group, [...(groups.get(group) ?? []), hotkey]);
  }
  return groups;
}

export function ShortcutsDialog({
  hotkeys,
  isOpen,
  onClose,
}: {
  hotkeys: readonly HotkeyConfig[];
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Keyboard shortcuts"
      icon="key-command"
      className={Classes.HOTKEY_DIALOG}
    >
      <DialogBody useOverflowScrollContainer={false}>
        <div className={Classes.HOTKEY_COLUMN}>
          {[...groupsOf(hotkeys)].map(([group, members]) => (
            <section key={group} aria-label={group}>
              <DialogHeading>{group}</DialogHeading>
              {members.map((hotkey) => (
                <div key={hotkey.combo} className={Classes.HOTKEY}>
                  <div className={Classes.HOTKEY_LABEL}>{hotkey.label}</div>
                  <KeyComboTag combo={hotkey.combo} />
                </div>
              ))}
            </section>
          ))}
        </div>
      </DialogBody>
    </Dialog>
  );
}
