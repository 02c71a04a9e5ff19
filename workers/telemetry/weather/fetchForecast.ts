// A weather forecast fetched from an address the user sets (Open-Meteo's or
// Solcast's API), guarded as anything from the network: a deadline covers the
// whole request, body included; the body is read as a stream and dropped once
// it outgrows a forecast; a redirect to another host is refused (its answer
// would be taken as the service's); and each failure says what to do, the
// key never in it. The text is read by forecastFile.ts like an imported file.
import { MAX_FORECAST_BYTES } from "./forecastFile";

export interface FetchRules {
  timeoutMs: number;
  maxBytes: number;
}

export const FORECAST_FETCH_RULES: FetchRules = { timeoutMs: 15_000, maxBytes: MAX_FORECAST_BYTES };

export type FetchedForecast =
  { ok: true; text: string } | { ok: false; error: string; refusedByBrowser: boolean };

/** Query parameters that carry a key (Solcast's is `api_key`), compared in lower case. */
const KEY_PARAMS = new Set(["api_key", "apikey", "key"]);

const mb = (bytes: number) => `${+(bytes / 1e6).toPrecision(2)} MB`;

/** Checks a user's address: http(s) only, parses, no credentials in it; returns a clear error or the URL. */
export function checkForecastAddress(
  address: string,
): { ok: true; url: URL } | { ok: false; error: string } {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    // The address is not repeated: it may hold a key.
    return { ok: false, error: "The forecast address is not a web address (https://…)." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return {
      ok: false,
      error: `The forecast address must start with https:// or http://, not ${url.protocol}`,
    };
  if (url.username || url.password)
    return {
      ok: false,
      error: "The forecast address must not hold a user name or password: give the key as the key.",
    };
  return { ok: true, url };
}

/** The address as shown and recorded: any key (Solcast's `api_key` query parameter) removed. */
export function addressWithoutKey(address: string): string {
  // Split by hand, not through URL, so the rest of the address is kept as the user wrote it.
  const end = address.includes("#") ? address.indexOf("#") : address.length;
  const q = address.indexOf("?");
  if (q < 0 || q > end) return address;
  const name = (param: string) => {
    const raw = param.split("=")[0]!;
    try {
      return decodeURIComponent(raw).toLowerCase();
    } catch {
      return raw.toLowerCase();
    }
  };
  const kept = address
    .slice(q + 1, end)
    .split("&")
    .filter((param) => !KEY_PARAMS.has(name(param)));
  return address.slice(0, q) + (kept.length > 0 ? `?${kept.join("&")}` : "") + address.slice(end);
}

export async function fetchForecastText(
  address: string,
  key: string | null,
  rules: FetchRules = FORECAST_FETCH_RULES,
  fetchImpl: typeof fetch = fetch,
): Promise<FetchedForecast> {
  const checked = checkForecastAddress(address);
  if (!checked.ok) return { ok: false, error: checked.error, refusedByBrowser: false };
  const { url } = checked;
  const host = url.host;
  const fail = (error: string, refusedByBrowser = false): FetchedForecast => ({
    ok: false,
    error,
    refusedByBrowser,
  });
  const bearer = key?.trim();
  // A header holds visible ASCII only: fetch would reject another key with a TypeError, read below as CORS.
  if (bearer && !/^[\x21-\x7e]+$/.test(bearer))
    return fail("The key has characters a key cannot have (spaces, line breaks, accents).");
  const unreachable = `Cannot reach ${host}: offline, or the address is wrong. The last forecast is kept.`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error("timeout"));
  }, rules.timeoutMs);
  // Raced against each step, so a fetch that ignores the signal still gives up at the deadline.
  const aborted = new Promise<never>((_, reject) =>
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), {
      once: true,
    }),
  );
  aborted.catch(() => undefined);
  const late = () =>
    fail(
      `The forecast service at ${host} did not answer within ${+(rules.timeoutMs / 1000).toFixed(1)} s.`,
    );
  const init: RequestInit = {
    credentials: "omit",
    // Not "manual": a browser hides a manual redirect's target (an opaque
    // redirect), so redirects are followed and the final host checked below.
    redirect: "follow",
    signal: controller.signal,
  };
  try {
    let response: Response;
    try {
      response = await Promise.race([
        fetchImpl(url, bearer ? { ...init, headers: { Authorization: `Bearer ${bearer}` } } : init),
        aborted,
      ]);
    } catch (error) {
      if (timedOut) return late();
      if (!(error instanceof TypeError)) return fail(unreachable);
      // A browser rejects a CORS refusal and an unreachable host alike. A
      // no-cors request (no Authorization allowed there) tells them apart: it
      // resolves, opaque, only when the host answered.
      try {
        const probe = await Promise.race([fetchImpl(url, { ...init, mode: "no-cors" }), aborted]);
        void probe.body?.cancel().catch(() => undefined);
      } catch {
        if (timedOut) return late();
        return fail(unreachable);
      }
      return fail(
        `The forecast service at ${host} refuses requests from a browser (CORS). Download the forecast as a file and import it instead.`,
        true,
      );
    }
    const drop = (error: string) => {
      void response.body?.cancel().catch(() => undefined);
      return fail(error);
    };
    const finalHost = response.url ? new URL(response.url).host : host;
    if (finalHost !== host)
      return drop(
        `The forecast service at ${host} redirected to another host (${finalHost}); its answer is not taken.`,
      );
    if (response.status === 401 || response.status === 403)
      return drop(
        `The forecast service at ${host} answered HTTP ${response.status}: the key is missing or wrong.`,
      );
    if (!response.ok)
      return drop(`The forecast service at ${host} answered HTTP ${response.status}.`);
    const length = Number(response.headers.get("Content-Length"));
    if (length > rules.maxBytes)
      return drop(
        `The forecast from ${host} is ${mb(length)}; a forecast is at most ${mb(rules.maxBytes)}.`,
      );
    // Counted as it arrives: Content-Length may be absent or wrong.
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    if (response.body) {
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await Promise.race([reader.read(), aborted]);
          if (done) break;
          bytes += value.byteLength;
          if (bytes > rules.maxBytes) {
            void reader.cancel().catch(() => undefined);
            return fail(
              `The forecast from ${host} is over ${mb(rules.maxBytes)}, the most a forecast may be: it was stopped there.`,
            );
          }
          chunks.push(value);
        }
      } catch {
        void reader.cancel().catch(() => undefined);
        if (timedOut) return late();
        return fail(`The forecast from ${host} broke off before its end.`);
      }
    }
    const decoder = new TextDecoder();
    return {
      ok: true,
      text: chunks.map((c) => decoder.decode(c, { stream: true })).join("") + decoder.decode(),
    };
  } finally {
    clearTimeout(timer);
  }
}
