// One GET to the backend's playback REST, guarded against a broken or hostile
// server: a deadline covers the whole request, body included (a server that
// drips a byte a second would otherwise load forever); the caller's signal
// aborts it (a cancelled replay closes its connection); a redirect to another
// host is refused (its packets would replay as if they were the backend's);
// and a failure says what most likely happened instead of only "no answer".

type Fetch = typeof fetch;

/** Default deadline of one request, headers and body (a ~1 MB answer on a slow link). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Same-host redirects followed before giving up (a loop would never end). */
const MAX_REDIRECTS = 5;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const originOf = (url: string): string => new URL(url).origin;

function crossOrigin(url: string, target: string): Error {
  return new Error(
    `The backend redirected ${url} to another host (${originOf(target)}); ` +
      "its answer is not used. Set the backend address to the server that holds the packets.",
  );
}

function unreachable(url: string, redirected: boolean): Error {
  return new Error(
    redirected
      ? `The backend redirected ${url} and the browser blocked the answer from where it pointed ` +
          "(most likely another host that does not allow this page: CORS)."
      : `The backend did not answer (${url}): it is unreachable, or the browser blocked its ` +
          "answer (a backend that does not allow this page's origin (CORS), or one that " +
          "redirects to another host).",
  );
}

/** A 3xx whose target is readable (Node) or an opaque one (browsers hide the target). */
function redirectOf(response: Response, url: string): { target: string | null } | null {
  if (response.type === "opaqueredirect") return { target: null };
  if (response.status < 300 || response.status > 399) return null;
  const location = response.headers.get("location");
  return location ? { target: new URL(location, url).href } : null;
}

/**
 * Fetches `url` without following redirects itself: a same-host redirect is
 * followed here, another host's refused. Browsers hide a redirect's target, so
 * there the request is made again with the browser following it, and where it
 * landed is checked before the answer is used.
 */
async function fetchSameOrigin(fetchImpl: Fetch, url: string, signal: AbortSignal) {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let response: Response;
    try {
      response = await fetchImpl(current, { signal, redirect: "manual" });
    } catch (error) {
      if (signal.aborted) throw error;
      throw unreachable(url, hop > 0);
    }
    const redirect = redirectOf(response, current);
    if (!redirect) return response;
    void response.body?.cancel().catch(() => undefined);
    if (redirect.target === null) return followOpaque(fetchImpl, url, signal);
    if (originOf(redirect.target) !== originOf(url)) throw crossOrigin(url, redirect.target);
    current = redirect.target;
  }
  throw new Error(`The backend redirected ${url} more than ${MAX_REDIRECTS} times`);
}

async function followOpaque(fetchImpl: Fetch, url: string, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, redirect: "follow" });
  } catch (error) {
    if (signal.aborted) throw error;
    throw unreachable(url, true);
  }
  if (response.redirected && response.url && originOf(response.url) !== originOf(url)) {
    void response.body?.cancel().catch(() => undefined);
    throw crossOrigin(url, response.url);
  }
  return response;
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
      response = await fetchSameOrigin(fetchImpl, url, controller.signal);
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
