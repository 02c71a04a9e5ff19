// The weather forecasts' live part (pipeline/Feature.ts), one per core: the
// forecasts known today, imported from files or fetched every hour from the
// address set, through this core only (one fetch however many windows). Each
// one taken is recorded with the session and put on the core's board for
// the strategy (race/skyForecasts.ts). A bad file or a failed fetch changes
// nothing: the last good forecast stays, and its age shows. The key a
// service needs is held here in memory only: it is never recorded, and the
// address is recorded without it.
import type { SessionEvent } from "../../contract/events";
import type {
  ForecastFetchState,
  ForecastOrigin,
  ForecastTaken,
  KnownForecast,
  WeatherStatus,
} from "../../contract/weather";
import { hasFix } from "../../shared/gpsFix";
import type { LiveContext, LivePart } from "../pipeline/Feature";
import {
  forecastsFromEvents,
  knownBy,
  SKY_FORECASTS,
  WEATHER_FORECAST_KIND,
} from "../race/skyForecasts";
import type { TelemetryStore } from "../store/TelemetryStore";
import { forecastWarnings } from "./forecastChecks";
import { readForecastFile } from "./forecastFile";
import { addressWithoutKey, checkForecastAddress, fetchForecastText } from "./fetchForecast";

/** A forecast service updates about hourly (Open-Meteo's models, Solcast's nowcasts). */
export const REFRESH_MS = 60 * 60 * 1000;
/** After a failed fetch (offline, a timeout), try again sooner than the hourly refresh. */
export const RETRY_MS = 5 * 60 * 1000;
/** The hours a forecast should cover from now: the rest of a race day. */
const AHEAD_S = 12 * 3600;

type Fetcher = typeof fetchForecastText;

export class WeatherDesk implements LivePart {
  private known: KnownForecast[] = [];
  private live: TelemetryStore | null = null;
  private address: string | null = null;
  private key: string | null = null;
  private lastTryAt: number | null = null;
  private error: string | null = null;
  private refusedByBrowser = false;
  private nextAt: number | null = null;
  private cancelNext: (() => void) | null = null;
  /** Bumped by each new address: a fetch for an older one lands nowhere. */
  private generation = 0;

  constructor(
    private readonly context: Pick<LiveContext, "now" | "record" | "later" | "board">,
    private readonly fetcher: Fetcher = fetchForecastText,
  ) {
    context.board.put(SKY_FORECASTS, []);
  }

  attach(store: TelemetryStore): void {
    this.live = store;
  }

  /** After a reload: today's recorded forecasts come back (before any taken since). */
  restore(events: readonly SessionEvent[]): void {
    const restored = forecastsFromEvents(events);
    const first = this.known[0]?.knownAt ?? Infinity;
    this.publish([...restored.filter((f) => f.knownAt < first), ...this.known]);
  }

  stop(): void {
    this.cancelNext?.();
    this.cancelNext = null;
    this.generation++;
  }

  /** Reads a file's text and takes the forecast, or says why not (nothing changes). */
  importFile(text: string, fileName: string, lastModified: number | null): ForecastTaken {
    const now = this.context.now();
    const issued =
      lastModified !== null && Number.isFinite(lastModified) ? Math.min(lastModified, now) : now;
    return this.take(text, { kind: "file", name: fileName }, issued, `${fileName}: `);
  }

  /**
   * Sets the address fetched every hour (null: none) and its key, and
   * fetches at once. The same address and key again change nothing (each
   * window of the core sets what this browser keeps).
   */
  async setAddress(
    address: string | null,
    key: string | null,
  ): Promise<ForecastTaken | { ok: true; forecast: null }> {
    const wanted = address?.trim() || null;
    const cleanKey = key?.trim() || null;
    if (wanted !== null) {
      const checked = checkForecastAddress(wanted);
      if (!checked.ok) return { ok: false, error: checked.error };
    }
    if (wanted === this.address && cleanKey === this.key)
      return { ok: true, forecast: this.known.at(-1) ?? null };
    this.stop();
    this.address = wanted;
    this.key = cleanKey;
    this.error = null;
    this.refusedByBrowser = false;
    this.lastTryAt = null;
    this.nextAt = null;
    if (wanted === null) return { ok: true, forecast: null };
    return this.fetchNow(this.generation);
  }

  /** The status for a view: live, or (`recorded`) a replay's forecasts known at its `clock` (packet time, s). */
  status(recorded: readonly SessionEvent[] | null, clock: number | null): WeatherStatus {
    const known =
      recorded === null ? this.known : knownBy(forecastsFromEvents(recorded), clock ?? Infinity);
    return { latest: known.at(-1) ?? null, count: known.length, fetch: this.fetchState() };
  }

  private fetchState(): ForecastFetchState {
    return {
      address: this.address === null ? null : addressWithoutKey(this.address),
      hasKey: this.key !== null,
      lastTryAt: this.lastTryAt,
      error: this.error,
      refusedByBrowser: this.refusedByBrowser,
      nextAt: this.nextAt,
    };
  }

  private async fetchNow(generation: number): Promise<ForecastTaken> {
    const address = this.address!;
    this.lastTryAt = this.context.now();
    const fetched = await this.fetcher(address, this.key);
    if (generation !== this.generation) return { ok: false, error: "the address was changed" };
    const taken = fetched.ok
      ? this.take(fetched.text, { kind: "address", address: addressWithoutKey(address) })
      : ({ ok: false, error: fetched.error } as const);
    this.error = taken.ok ? null : taken.error;
    this.refusedByBrowser = !fetched.ok && fetched.refusedByBrowser;
    // A browser refused is refused every hour: the file import is the way in.
    // An answer that is no forecast (a login page, a service's error as HTML) is tried again soon too.
    if (!this.refusedByBrowser) this.schedule(taken.ok ? REFRESH_MS : RETRY_MS, generation);
    return taken;
  }

  private schedule(ms: number, generation: number): void {
    this.nextAt = this.context.now() + ms;
    this.cancelNext = this.context.later(() => void this.fetchNow(generation), ms);
  }

  private take(
    text: string,
    origin: ForecastOrigin,
    issuedAt = this.context.now(),
    errorPrefix = "",
  ): ForecastTaken {
    const reading = readForecastFile(text);
    if (!reading.ok) return { ok: false, error: `${errorPrefix}${reading.error}` };
    const nowS = this.packetTime();
    const lat = this.live?.latestNumber("Telemetry.GpsLatitude") ?? NaN;
    const long = this.live?.latestNumber("Telemetry.GpsLongitude") ?? NaN;
    const fix = hasFix(lat, long);
    const warnings = [
      ...reading.warnings,
      ...forecastWarnings(reading.forecast, {
        lat: fix ? lat : null,
        long: fix ? long : null,
        from: nowS,
        to: nowS + AHEAD_S,
      }),
    ];
    const forecast: KnownForecast = {
      forecast: reading.forecast,
      issuedAt,
      receivedAt: this.context.now(),
      knownAt: nowS,
      origin,
      warnings,
    };
    this.publish([...this.known, forecast]);
    // Written at once: a forecast imported is kept by a reload right after.
    this.context.record(
      { kind: WEATHER_FORECAST_KIND, time: nowS, ...forecast } as SessionEvent,
      true,
    );
    return { ok: true, forecast };
  }

  /** Now on the packets' clock (s): the newest packet's time, else the wall clock's. */
  private packetTime(): number {
    return this.live?.lastPacketTime ?? this.context.now() / 1000;
  }

  private publish(known: KnownForecast[]): void {
    this.known = known;
    this.context.board.put(SKY_FORECASTS, known);
  }
}
