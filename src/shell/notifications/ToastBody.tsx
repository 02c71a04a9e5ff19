// A toast's title, message and buttons, for both toasters.
import { Button } from "@blueprintjs/core";
import type { Notification } from "../../state/notificationQueue";

export function ToastBody({
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
