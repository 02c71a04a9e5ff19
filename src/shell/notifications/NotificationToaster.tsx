// Blueprint toaster at the bottom right. The queue (notificationCenter) decides
// what may be on screen; each toast closes itself after 4000 ms and tells the
// queue, which then shows the next waiting one.
import { Button, OverlayToaster, Position, type Toaster } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { NOTIFICATION_TIMEOUT_MS, type Notification } from "../../state/notificationQueue";
import { attachToaster, notificationClosed } from "./notificationCenter";
import "./notifications.css";

function ToastBody({
  title,
  message,
  actions,
  onDone,
}: Omit<Notification, "id" | "intent"> & { onDone: () => void }) {
  return (
    <div className="helios-toast-body">
      <strong className="helios-toast-title">{title}</strong>
      <div className="helios-toast-message">{message}</div>
      {actions && actions.length > 0 && (
        // Blueprint's toast has room for one action; alerts need two.
        <div className="helios-toast-actions">
          {actions.map((action) => (
            <Button
              key={action.text}
              size="small"
              variant="outlined"
              onClick={() => {
                action.onClick();
                onDone(); // done with it: the toast makes room for the next
              }}
            >
              {action.text}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

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
