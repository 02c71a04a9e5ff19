// The app's requests to the backend never follow a redirect. Following one to
// another host would already have asked that host before its answer could be
// checked (a browser hides where a redirect points until it has followed it),
// and the backend has no reason to send one. So every GET to the backend asks
// with `redirect: "manual"` and a redirect is an error that says so. Used by
// the telemetry worker (REST) and the poll reader (long-polling).

/** The fetch option every request to the backend carries: a redirect is answered, never followed. */
export const NO_REDIRECT = { redirect: "manual" } as const satisfies RequestInit;

/** A redirect: an opaque one (browsers hide its target), or a 3xx (Node shows it). */
export function isRedirect(response: Response): boolean {
  return response.type === "opaqueredirect" || (response.status >= 300 && response.status <= 399);
}

/** Why a redirect's answer is not used, naming where it pointed when that can be read. */
export function redirectRefused(url: string, response: Response): string {
  const location = response.type === "opaqueredirect" ? null : response.headers.get("location");
  let target = " (the browser does not show where to)";
  if (location) {
    try {
      target = ` to ${new URL(location, url).href}`;
    } catch {
      target = ` to "${location.slice(0, 200)}"`;
    }
  }
  return (
    `The backend answered ${url} with a redirect${target}. Helios does not follow ` +
    "redirects, so nothing was asked of where it points. Set the backend address to the " +
    "server itself."
  );
}
