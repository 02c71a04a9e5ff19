// Connection part of the settings: source, backend URL and the radio.
import {
  Button,
  Callout,
  ControlGroup,
  FormGroup,
  HTMLSelect,
  InputGroup,
  SegmentedControl,
  Switch,
} from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { ConnectionType } from "../../../workers/contract/fields";
import { appState } from "../../state/appState";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";
import {
  applyBackendUrl,
  BAUD_RATES,
  connectRadio,
  disconnectRadio,
  hasWebSerial,
  NO_WEB_SERIAL,
  setConnectionType,
  setWebSocketUpgrade,
} from "./settingsActions";

const WEBSOCKET_HELP =
  "On (the default): a WebSocket where the backend allows it, quicker to answer; where its upgrade fails, the link stays on HTTP long-polling for that backend and Diagnostics says so. Off: HTTP long-polling only, which batches packets when this computer falls behind. The backend is dialled again when this changes.";

function RadioSettings() {
  const { client } = useTelemetry();
  const { radioBaudRate, radioConnected } = useSnapshot(appState);
  const [busy, setBusy] = useState(false);
  if (!hasWebSerial())
    return (
      <Callout intent="warning" icon="offline" data-testid="no-web-serial">
        {NO_WEB_SERIAL}
      </Callout>
    );
  const connect = () => {
    setBusy(true);
    connectRadio(client, appState.radioBaudRate)
      .catch((error: unknown) =>
        notify({
          title: "Radio",
          message: String((error as Error)?.message ?? error),
          intent: "warning",
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <ControlGroup>
      <HTMLSelect
        aria-label="Baud rate"
        value={radioBaudRate}
        options={BAUD_RATES.map((rate) => ({ value: rate, label: `${rate} baud` }))}
        onChange={(event) => (appState.radioBaudRate = Number(event.currentTarget.value))}
      />
      {radioConnected ? (
        <Button icon="disable" text="Disconnect radio" onClick={() => disconnectRadio(client)} />
      ) : (
        <Button icon="antenna" text="Connect radio" loading={busy} onClick={connect} />
      )}
    </ControlGroup>
  );
}

export function ConnectionSettings() {
  const { client } = useTelemetry();
  const { connectionType, backendUrl, webSocketUpgrade } = useSnapshot(appState);
  const [url, setUrl] = useState(backendUrl);
  const [urlError, setUrlError] = useState<string | null>(null);
  // Another window set the address: the field shows it.
  useEffect(() => setUrl(backendUrl), [backendUrl]);
  const serial = hasWebSerial();
  return (
    <>
      <FormGroup
        label="Connection type"
        helperText="DEMO switches by itself when the backend or radio connects."
      >
        <SegmentedControl
          data-testid="connection-type-control"
          value={connectionType}
          onValueChange={(value) => setConnectionType(client, value as ConnectionType)}
          options={[
            { label: "DEMO", value: "DEMO" },
            { label: "NETWORK", value: "NETWORK" },
            { label: "RADIO", value: "RADIO", disabled: !serial },
          ]}
        />
      </FormGroup>
      <FormGroup
        label="Backend URL"
        labelFor="backend-url"
        intent={urlError ? "danger" : "none"}
        helperText={urlError ?? "Socket.IO and GET /laps, e.g. http://localhost:3001"}
      >
        <ControlGroup fill>
          <InputGroup
            id="backend-url"
            value={url}
            onValueChange={setUrl}
            intent={urlError ? "danger" : "none"}
          />
          <Button
            text="Apply"
            className="bp6-fixed"
            onClick={() => setUrlError(applyBackendUrl(client, url))}
          />
        </ControlGroup>
      </FormGroup>
      <FormGroup label="Transport" helperText={WEBSOCKET_HELP}>
        <Switch
          label="Upgrade the backend link to a WebSocket"
          checked={webSocketUpgrade}
          data-testid="websocket-upgrade-switch"
          onChange={(event) => setWebSocketUpgrade(client, event.currentTarget.checked)}
        />
      </FormGroup>
      <FormGroup label="Radio (Web Serial)">
        <RadioSettings />
      </FormGroup>
    </>
  );
}
