// readerPolling builds on engine.io-client's Fetch polling transport beyond its
// typed API: it calls the private _poll (which must call doPoll and set the
// private _polling flag that pause() waits on) and clears _polling itself.
// engine.io-client is pinned exactly (package.json); this check, run once when
// the backend link is first dialled, makes any other version fall back to
// engine.io's stock polling, which diagnostics names, instead of a broken link.
import { Fetch } from "engine.io-client";

/** What readerPolling calls or overrides on the class (the typed ones too: a build may differ from its types). */
const METHODS = [
  "_poll",
  "doPoll",
  "onData",
  "onOpen",
  "onClose",
  "onPacket",
  "onError",
  "emitReserved",
  "uri",
  "pause",
] as const;

/** The internals readerPolling needs that `polling` lacks: [] when it can build on it. */
export function missingPollingInternals(polling: typeof Fetch = Fetch): string[] {
  const proto = (polling as unknown as { prototype?: Record<string, unknown> } | undefined)
    ?.prototype;
  if (!proto) return ["the Fetch polling transport"];
  const missing: string[] = METHODS.filter((name) => typeof proto[name] !== "function");
  if (missing.length === 0 && !pollSetsFlag(proto)) missing.push("_polling (set by _poll)");
  return missing;
}

/** Whether _poll, run on a bare object of the class, calls doPoll and sets _polling. */
function pollSetsFlag(proto: Record<string, unknown>): boolean {
  let polled = false;
  const probe = Object.assign(Object.create(proto) as Record<string, unknown>, {
    _polling: false,
    doPoll: () => {
      polled = true;
    },
    emitReserved: () => undefined,
  });
  try {
    (probe._poll as (this: unknown) => void).call(probe);
  } catch {
    return false;
  }
  return polled && probe._polling === true;
}
