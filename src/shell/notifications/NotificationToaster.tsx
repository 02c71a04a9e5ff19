// Blueprint toaster at the bottom right. The queue (notificationCenter) decides
// what may be on screen; each toast closes itself after 4000 ms and tells the
// queue, which then shows the next waiting one.
import { OverlayToaster, Position, type Toaster } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { NOTIFICATION_TIMEOUT_MS } from "../../state/notificationQueue";
import { attachToaster, notificationClosed } from "./notificationCenter";
import { ToastBody } from "./ToastBody";
import "./notifications.css";

export function NotificationToaster() {
  const [toaster, setToaster] = useState<Toaster | null>(null);

  useEffect(() => {
    if (!toaster) return;
    return attachToaster((notification) => {
      toaster.show(
        {
          message: (
            <ToastBody
              title={notification.title}
              message={notification.message}
              actions={notification.actions}
              onDone={() => toaster.dismiss(notification.id)}
            />
          ),
          intent: notification.intent,
          timeout: NOTIFICATION_TIMEOUT_MS,
          onDismiss: () => notificationClosed(notification.id),
        },
        notification.id,
      );
    });
  }, [toaster]);

  return (
    <OverlayToaster
      ref={setToaster}
      position={Position.BOTTOM_RIGHT}
      className="helios-toaster"
      canEscapeKeyClear={false}
      usePortal
    />
  );
}
