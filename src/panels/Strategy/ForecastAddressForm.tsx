// The address a forecast is fetched from every hour, and the key its service
// needs (Solcast's). Both go to the core, which fetches (one fetch however
// many windows), and are kept in this browser only once the core took the
// address; "Stop" forgets both. The key is typed into a password field and
// never written into the address: the core adds it to the request itself.
import { Button, Callout, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { hasFix } from "../../../workers/shared/gpsFix";
import { NO_ANSWER_TEXT } from "../../actions/sharedSetting";
import { localStore } from "../../state/persistence";
import {
  forgetForecastAddress,
  saveForecastAddress,
  savedForecastAddress,
} from "../../state/savedForecastAddress";
import { openMeteoAddress } from "../../ui/format/weatherFormat";
import { useTelemetry } from "../../worker-client/hooks";

interface Props {
  /** An address is being fetched from (the core's). */
  fetching: boolean;
  /** The core's state changed: read it again. */
  onChanged: () => void;
}

export function ForecastAddressForm({ fetching, onChanged }: Props) {
  const { client, live } = useTelemetry();
  const [saved] = useState(() => {
    const storage = localStore();
    return storage ? savedForecastAddress(storage) : { address: null, key: null };
  });
  const [address, setAddress] = useState(saved.address ?? "");
  const [key, setKey] = useState(saved.key ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    const wanted = address.trim();
    const wantedKey = key.trim() || null;
    const answer = await client.api
      .setForecastAddress(wanted, wantedKey)
      .catch(() => ({ ok: false as const, error: NO_ANSWER_TEXT }));
    const fetch = await client.api.weatherStatus().then(
      (status) => status.fetch,
      () => null,
    );
    // A failed first fetch still leaves the address set (it is tried again
    // soon, and the fetch's line says why): only a refused address is not kept.
    const taken = answer.ok || (fetch?.address != null && fetch.error === answer.error);
    const storage = localStore();
    if (taken && storage) saveForecastAddress(storage, wanted, wantedKey);
    setProblem(taken || answer.ok ? null : answer.error);
    setBusy(false);
    onChanged();
  };

  const stop = async () => {
    try {
      await client.api.setForecastAddress(null, null);
    } catch {
      setProblem(NO_ANSWER_TEXT);
      return;
    }
    const storage = localStore();
    if (storage) forgetForecastAddress(storage);
    setProblem(null);
    onChanged();
  };

  // The newest position the GPS gave (the status snapshot's), read when asked.
  const fillOpenMeteo = () => {
    const geo = live.status?.geo;
    if (geo && geo.lat !== null && geo.long !== null && hasFix(geo.lat, geo.long)) {
      setAddress(openMeteoAddress(geo.lat, geo.long));
      setNote(null);
    } else setNote("The car's position is not known yet (no GPS fix): type the address instead.");
  };

  return (
    <div className="helios-weather-address">
      <div className="helios-strategy-form">
        <label className="helios-strategy-field helios-weather-url">
          <span>Forecast address</span>
          <InputGroup
            size="small"
            type="url"
            value={address}
            placeholder="https://api.open-meteo.com/v1/forecast?…"
            data-testid="weather-address"
            onChange={(e) => setAddress(e.target.value)}
          />
        </label>
        <label className="helios-strategy-field helios-weather-key">
          <span>API key (Solcast; kept in this browser only)</span>
          <InputGroup
            size="small"
            type="password"
            autoComplete="off"
            value={key}
            data-testid="weather-key"
            onChange={(e) => setKey(e.target.value)}
          />
        </label>
        <Button
          size="small"
          intent="primary"
          icon="refresh"
          loading={busy}
          disabled={address.trim() === ""}
          data-testid="weather-fetch-start"
          onClick={() => void start()}
        >
          Fetch every hour
        </Button>
        <Button
          size="small"
          icon="stop"
          disabled={!fetching}
          data-testid="weather-fetch-stop"
          onClick={() => void stop()}
        >
          Stop
        </Button>
      </div>
      <Button
        size="small"
        variant="minimal"
        icon="map-marker"
        data-testid="weather-open-meteo"
        onClick={fillOpenMeteo}
      >
        Use Open-Meteo for the car&apos;s position
      </Button>
      {note && <p className="helios-weather-note">{note}</p>}
      {problem && (
        <Callout compact intent="danger" data-testid="weather-address-error">
          The address was not set: {problem}
        </Callout>
      )}
    </div>
  );
}
