// Whether a shared setting set again is the one in force: compared as JSON
// with sorted keys, since a set that went through a check may list a rule's
// fields in another order than the one it replaced, and "nothing changed"
// must tell the other windows nothing (a window setting back what it was
// told would otherwise tell the first one again).
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : inner,
  );
}
