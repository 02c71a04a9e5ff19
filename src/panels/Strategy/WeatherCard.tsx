// The Strategy tab's weather forecast: the latest one the core knows (where
// from, issued when, how old), a file to import, and the address fetched
// every hour. The core reads, checks, keeps and records the forecasts
// (workers/telemetry/weather/); this shows what it says and hands it files.
// A file the core refuses changes nothing: its reason shows, and the
// forecast the tab had stays.
import { Callout, Card } from "@blueprintjs/core";
import { useState } from "react";
import type { ForecastFetchState } from "../../../workers/contract/weather";
import { PanelHeading } from "../../ui/headings";
import { useShownZone } from "../../ui/useShownZone";
import {
  fetchErrorText,
  fetchPlanText,
  latestForecastText,
  NO_FORECAST_TEXT,
} from "../../ui/format/weatherFormat";
import { useTelemetry } from "../../worker-client/hooks";
import { ForecastAddressForm } from "./ForecastAddressForm";
import { ForecastImportButton } from "./ForecastImportButton";
import { useWeather } from "./useWeather";

/** The service refused the browser (CORS): the way in is its file, imported. */
function RefusedCallout({ onFile }: { onFile: (file: File) => void }) {
  return (
    <Callout intent="warning" icon="disable" data-testid="weather-refused">
      <p>
        The forecast service refuses requests from a browser (CORS), so the app cannot fetch it.
        Download the forecast file from the service and import it instead:
      </p>
      <ForecastImportButton onFile={onFile} />
    </Callout>
  );
}

function FetchLines({ fetch, now }: { fetch: ForecastFetchState; now: number }) {
  const zone = useShownZone();
  const plan = fetchPlanText(fetch, now, zone);
  const error = fetch.refusedByBrowser ? null : fetchErrorText(fetch, now, zone);
  return (
    <>
      {plan && <p data-testid="weather-fetch">{plan}</p>}
      {error && (
        <Callout compact intent="danger" data-testid="weather-fetch-error">
          {error}
        </Callout>
      )}
    </>
  );
}

export function WeatherCard() {
  const { client } = useTelemetry();
  const zone = useShownZone();
  const { status, readAt, refresh } = useWeather();
  const [importError, setImportError] = useState<string | null>(null);

  const importFile = async (file: File) => {
    let error: string | null;
    try {
      const text = await file.text();
      const taken = await client.api.importForecast(text, file.name, file.lastModified);
      error = taken.ok ? null : taken.error;
    } catch {
      error = `${file.name}: it could not be read, or the telemetry worker did not answer`;
    }
    setImportError(error);
    refresh();
  };

  const latest = status?.latest ?? null;
  const refused = status?.fetch.refusedByBrowser ?? false;
  return (
    <Card className="helios-weather" aria-label="Weather forecast" data-testid="weather-card">
      <PanelHeading className="helios-card-heading">Weather forecast</PanelHeading>
      <p data-testid="weather-status">
        {status === null
          ? "Asking the worker for the weather forecasts…"
          : latest === null
            ? NO_FORECAST_TEXT
            : latestForecastText(latest, status.count, readAt, zone)}
      </p>
      {latest && latest.warnings.length > 0 && (
        <Callout compact intent="warning" data-testid="weather-warnings">
          {`The latest forecast was taken, with ${latest.warnings.length === 1 ? "a warning" : "warnings"}: ${latest.warnings.join("; ")}.`}
        </Callout>
      )}
      {!refused && (
        <div className="helios-weather-import">
          <ForecastImportButton onFile={(file) => void importFile(file)} />
          <span className="helios-strategy-source">
            Open-Meteo JSON, Solcast JSON or Solcast CSV
          </span>
        </div>
      )}
      {importError && (
        <Callout intent="danger" icon="error" data-testid="weather-import-error">
          {`The forecast was not imported: ${importError.replace(/\.$/, "")}. `}
          {latest ? "The forecast the tab had stays." : "Nothing changed."}
        </Callout>
      )}
      <ForecastAddressForm fetching={status?.fetch.address != null} onChanged={refresh} />
      {status && <FetchLines fetch={status.fetch} now={readAt} />}
      {refused && <RefusedCallout onFile={(file) => void importFile(file)} />}
    </Card>
  );
}
