// Settings → Alerts: a sound for new warning and critical alerts, and a
// desktop notification while the page is hidden. Both off by default; the
// browser is asked for notification permission only when the user turns the
// second on, and a refusal is explained (only the browser can undo it).
import { Button, Callout, FormGroup, Intent, Switch } from "@blueprintjs/core";
import { useState } from "react";
import { useSnapshot } from "valtio";
import { alertSettings } from "../../state/alertSettings";
import { playAlertSound } from "../notifications/alertSound";

type Permission = NotificationPermission | "unsupported";

function currentPermission(): Permission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

export function AlertSettings() {
  const { sound, desktop } = useSnapshot(alertSettings);
  const [permission, setPermission] = useState<Permission>(currentPermission);

  const turnDesktop = async (on: boolean) => {
    if (!on) {
      alertSettings.desktop = false;
      return;
    }
    let answer = currentPermission();
    if (answer === "default") answer = await Notification.requestPermission();
    setPermission(answer);
    alertSettings.desktop = answer === "granted";
  };

  return (
    <FormGroup
      label="New alerts"
      helperText="Muted and log-only rules neither toast, sound nor notify; every alert is still kept in the Alerts tab's log."
    >
      <div className="helios-row">
        <Switch
          label="Sound (critical: three high beeps; warning: one tone; info: none)"
          checked={sound}
          data-testid="alert-sound-switch"
          onChange={(event) => (alertSettings.sound = event.currentTarget.checked)}
        />
        <Button
          size="small"
          variant="minimal"
          icon="volume-up"
          text="Try"
          onClick={() => playAlertSound("critical")}
        />
      </div>
      <Switch
        label="Desktop notification while this page is hidden"
        checked={desktop}
        disabled={permission === "unsupported"}
        data-testid="alert-desktop-switch"
        onChange={(event) => void turnDesktop(event.currentTarget.checked)}
      />
      {permission === "denied" && (
        <Callout intent={Intent.WARNING} compact data-testid="alert-desktop-denied">
          The browser refuses notifications for this page. Allow them in the browser&apos;s site
          settings (the icon left of the address), then turn this on again.
        </Callout>
      )}
      {permission === "unsupported" && (
        <Callout compact>This browser has no desktop notifications.</Callout>
      )}
    </FormGroup>
  );
}
