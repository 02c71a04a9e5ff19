// Modules of the build under test looked up by a path held in a variable:
// bench/compareBuilds.ts runs this checkout's bench/ in an older build's tree,
// where some of today's paths are missing and older ones stand instead; and
// this checkout type-checks without the older ones.
export type Module = Record<string, unknown>;

export const load = (path: string): Promise<Module> =>
  import(/* @vite-ignore */ path) as Promise<Module>;

/**
 * The first of `paths` that loads, and its index; if none does, the first
 * one's error (a fault in today's module is not hidden by an older path's
 * absence).
 */
export async function loadFirst(...paths: string[]): Promise<[Module, number]> {
  const errors: unknown[] = [];
  for (const [i, path] of paths.entries())
    try {
      return [await load(path), i];
    } catch (error) {
      errors.push(error);
    }
  throw errors[0];
}
