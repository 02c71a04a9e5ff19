// The weather forecast's address and the key its service needs (Solcast's),
// kept in this browser so a reload fetches again (the core holds them in
// memory only). Each under a key of its own: the key's entry must never be
// copied into a layout, a link, an export or the worker's start config,
// and tests/unit/weather-key-stays.test.ts checks that none of those writes it.
import { readStorage, removeStorage, writeStorage } from "./persistence";

export const FORECAST_ADDRESS_KEY = "helios.forecastAddress";
export const FORECAST_API_KEY_KEY = "helios.forecastApiKey";

export interface SavedForecastAddress {
  address: string | null;
  key: string | null;
}

export function savedForecastAddress(storage: Storage): SavedForecastAddress {
  return {
    address: readStorage(storage, FORECAST_ADDRESS_KEY) || null,
    key: readStorage(storage, FORECAST_API_KEY_KEY) || null,
  };
}

/** Keeps the address the core took, and its key (an empty key: none kept). */
export function saveForecastAddress(storage: Storage, address: string, key: string | null): void {
  writeStorage(storage, FORECAST_ADDRESS_KEY, address);
  if (key) writeStorage(storage, FORECAST_API_KEY_KEY, key);
  else removeStorage(storage, FORECAST_API_KEY_KEY);
}

/** The fetch was stopped: neither the address nor its key is kept any longer. */
export function forgetForecastAddress(storage: Storage): void {
  removeStorage(storage, FORECAST_ADDRESS_KEY);
  removeStorage(storage, FORECAST_API_KEY_KEY);
}
