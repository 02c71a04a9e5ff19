// Toasts about what the user just did ("Note deleted · Undo"), apart from the
// car's notifications: those come and go at the bottom right (up to five, 4 s
// each), and an Undo among them moved under the pointer and was gone before it
// could be read. Here it shows at once, at the bottom left, for 10 s, and
// Blueprint holds it while the pointer is on it.
import { OverlayToaster, Position, type Toaster } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { onToastRequest } from "../../state/toastRequests";
import { ToastBody } from "./ToastBody";
import "./notifications.css";

/** Long enough to read the toast and reach its button. */
export const ACTION_TOAST_TIMEOUT_MS = 10_000;

let nextId = 0;

export function ActionToaster() {
  const [toaster, setToaster] = useState<Toaster | null>(null);

  useEffect(() => {
    if (!toaster) return;
    return onToastRequest((request) => {
      const id = `action-${++nextId}`;
      toaster.show(
        {
          message: <ToastBody {...request} onDone={() => toaster.dismiss(id)} />,
          intent: request.intent,
          timeout: ACTION_TOAST_TIMEOUT_MS,
        },
        id,
      );
    });
  }, [toaster]);

  return (
    <OverlayToaster
      ref={setToaster}
      position={Position.BOTTOM_LEFT}
      className="helios-action-toaster"
      maxToasts={3}
      canEscapeKeyClear={false}
      usePortal
    />
  );
}
