// The backends whose WebSocket upgrade failed, kept for the core's life. Each
// reconnection is a new engine.io engine, and each would try the upgrade again:
// against a server that always fails it (2026-01 answers 101, then 400) that
// is a failed WebSocket every few seconds for ever, and a Diagnostics line
// that flickers. Remembered per backend address, so another backend still
// upgrades and coming back to this one does not try again. Not saved: a
// restarted app tries once more, which costs one failed WebSocket, and a
// backend that was fixed meanwhile is upgraded again.
import type { UpgradeFallback } from "../../contract/connection";

export class UpgradeFallbacks {
  private readonly failed = new Map<string, UpgradeFallback>();

  /** The failure remembered for this backend; null when its upgrade has not failed. */
  of(url: string): UpgradeFallback | null {
    return this.failed.get(url) ?? null;
  }

  note(url: string, error: unknown, at: number): UpgradeFallback {
    const fallback = { at, reason: reasonOf(error) };
    this.failed.set(url, fallback);
    return fallback;
  }

  /** The user asked for the upgrade again (the switch turned on): try this backend once more. */
  forget(url: string): void {
    this.failed.delete(url);
  }
}

/**
 * engine.io's probe errors read "probe error: Error: websocket error" (the
 * transport's error nested in the probe's); the innermost words say what
 * failed.
 */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const inner = message.replace(/^probe error:\s*/, "").replace(/^\w*Error:\s*/, "");
  return inner.trim() || "the probe was not answered";
}
