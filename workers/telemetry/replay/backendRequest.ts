// One GET to the backend's playback REST, guarded against a broken or hostile
// server: a deadline covers the whole request, body included (a server that
// drips a byte a second would otherwise load forever); the caller's signal
// aborts it (a cancelled replay closes its connection); a redirect is not
// followed (another host's packets would replay as if they were the
// backend's); and a failure says what most likely happened instead of only
// "no answer".
import { isRedirect, NO_REDIRECT, redirectRefused } from "../../shared/backendRedirect";

type Fetch = typeof fetch;

/** Default deadline of one request, headers and body (a ~1 MB answer on a slow link). */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function unreachable(url: string): Error {
  return new Error(
    `The backend did not answer (${url}): it is unreachable, or the browser blocked its ` +
      "answer (a backend that does not allow this page's origin: CORS).",
  );
}

/** One request, redirects not followed (workers/shared/backendRedirect.ts says why). */
async function fetchNoRedirect(
  fetchImpl: Fetch,
  url: string,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, ...NO_REDIRECT });
  } catch (error) {
    if (signal.aborted) throw error;
    throw unreachable(url);
  }
  if (!isRedirect(response)) return response;
  void response.body?.cancel().catch(() => undefined);
  throw new Error(redirectRefused(url, response));
}

/** GETs `url` and parses its JSON body; throws an Error with a message a user can act on. */
export async function getJson(
  fetchImpl: Fetch,
  url: string,
  options: RequestOptions = {},
): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const outer = options.signal;
  if (outer?.aborted) throw outer.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error("timeout"));
  }, timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onAbort, { once: true });
  const late = () =>
    new Error(
      `The backend did not send its whole answer within ${Math.round(timeoutMs / 1000)} s (${url})`,
    );
  try {
    let response: Response;
    try {
      response = await fetchNoRedirect(fetchImpl, url, controller.signal);
    } catch (error) {
      throw timedOut ? late() : error;
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      throw new Error(`The backend answered HTTP ${response.status} (${url})`);
    }
    let text: string;
    try {
      // A fetch that ignores the signal once headers are in still gives up at the deadline.
      const reading = response.text();
      reading.catch(() => undefined); // settled by the race below when it loses
      text = await Promise.race([
        reading,
        new Promise<never>((_, reject) => {
          const signal = controller.signal;
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
      ]);
    } catch (error) {
      if (outer?.aborted) throw error;
      if (timedOut) throw late();
      throw new Error(`The backend's answer broke off (${url})`);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`The backend's answer is not JSON (${url})`);
    }
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  }
}
