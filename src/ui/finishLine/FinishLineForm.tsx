// Latitude, longitude and the finish-line password, sent as one setLapCoords;
// shows the server's answer (the new line, or its error and invalid fields).
// Used by the map's prompt and by the settings.
import { Button, Callout, ControlGroup, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { useSnapshot } from "valtio";
import type { LapCoordsAnswer } from "../../../workers/contract/laps";
import { appState } from "../../state/appState";
import { useTelemetry } from "../../worker-client/hooks";
import { describeAnswer, requestFinishLine } from "../../actions/finishLineActions";

interface FinishLineFormProps {
  initialLat: string;
  initialLong: string;
  autoFocusPassword?: boolean;
  onDone?: (answer: LapCoordsAnswer) => void;
}

export function FinishLineForm({
  initialLat,
  initialLong,
  autoFocusPassword,
  onDone,
}: FinishLineFormProps) {
  const { client } = useTelemetry();
  const { connectionType } = useSnapshot(appState);
  const [lat, setLat] = useState(initialLat);
  const [long, setLong] = useState(initialLong);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<LapCoordsAnswer | null>(null);
  const demo = connectionType === "DEMO";
  const send = () => {
    setBusy(true);
    void requestFinishLine(client, lat, long, password).then((result) => {
      setBusy(false);
      setPassword(""); // used once, never kept
      setAnswer(result);
      onDone?.(result);
    });
  };
  const invalid = (field: string) =>
    answer && !answer.ok && answer.invalidFields.includes(field) ? "danger" : "none";
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      data-testid="finish-line-form"
    >
      <FormGroup
        label="Finish line (lap coordinates)"
        helperText={
          demo
            ? "DEMO: moves the simulated car's finish line (no backend involved)."
            : "Sent to the backend (setLapCoords); it checks the password."
        }
      >
        <ControlGroup>
          <InputGroup
            aria-label="Latitude"
            placeholder="Latitude"
            value={lat}
            intent={invalid("lat")}
            onValueChange={setLat}
          />
          <InputGroup
            aria-label="Longitude"
            placeholder="Longitude"
            value={long}
            intent={invalid("long")}
            onValueChange={setLong}
          />
        </ControlGroup>
      </FormGroup>
      <FormGroup label="Finish-line password" labelFor="finish-line-password">
        <ControlGroup>
          <InputGroup
            id="finish-line-password"
            type="password"
            autoComplete="off"
            autoFocus={autoFocusPassword}
            value={password}
            intent={invalid("password")}
            onValueChange={setPassword}
          />
          <Button type="submit" intent="primary" text="Move finish line" loading={busy} />
        </ControlGroup>
      </FormGroup>
      {answer && (
        <Callout compact intent={answer.ok ? "success" : "danger"} data-testid="finish-line-answer">
          {describeAnswer(answer)}
        </Callout>
      )}
    </form>
  );
}
