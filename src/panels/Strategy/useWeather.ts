// The weather forecasts' status, asked of the worker on the strategy's beat
// and at once after an import or a new address (`refresh`), read again when
// the shown history changes (a replay shows the forecasts known at its
// clock). On mount the address this browser saved goes to the core, which
// ignores it when it has it already (another window, or the last visit to
// the tab): a reload goes on fetching where the last page stopped.
import { useCallback, useEffect, useRef, useState } from "react";
import type { WeatherStatus } from "../../../workers/contract/weather";
import { localStore } from "../../state/persistence";
import { savedForecastAddress } from "../../state/savedForecastAddress";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { FORECAST_MS } from "./useStrategy";

export interface WeatherView {
  status: WeatherStatus | null;
  /** When `status` was read (epoch ms): the forecast's age counts to it. */
  readAt: number;
  refresh: () => void;
}

export function useWeather(): WeatherView {
  const { client } = useTelemetry();
  const [view, setView] = useState<{ status: WeatherStatus | null; readAt: number }>({
    status: null,
    readAt: 0,
  });
  const asked = useRef(0);
  const playback = useLiveStatusPart("playback");
  const replayKey = `${playback?.on ?? false}:${JSON.stringify(playback?.origin ?? null)}`;

  const refresh = useCallback(() => {
    // The latest question wins: an older answer arriving late is dropped.
    const mine = ++asked.current;
    client.api.weatherStatus().then(
      (status) => {
        if (mine === asked.current) setView({ status, readAt: Date.now() });
      },
      () => {},
    );
  }, [client]);

  useEffect(() => {
    const storage = localStore();
    const saved = storage ? savedForecastAddress(storage) : null;
    if (saved?.address)
      client.api.setForecastAddress(saved.address, saved.key).then(refresh, () => {});
  }, [client, refresh]);

  useEffect(() => {
    refresh();
    const timer = window.setInterval(refresh, FORECAST_MS);
    return () => window.clearInterval(timer);
  }, [refresh, replayKey]);

  return { ...view, refresh };
}
