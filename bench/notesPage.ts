// What the notes benchmark runs inside the page. Like bench/browserPage.ts,
// each function is serialised into the page: self-contained, no imports.

interface NotesHooks {
  importNotes: (
    text: string,
    fileName: string,
  ) => Promise<{ ok: boolean; added?: number; message?: string }>;
  addNote: (text: string) => Promise<{ ok: boolean }>;
}
type HookWindow = Window & { heliosTest?: NotesHooks; __notesSeen?: [number, number][] };

/** Takes a notes file through the app's import (the test hook); how many it added, or why not. */
export async function importNotesFile(arg: { text: string; name: string }): Promise<string> {
  const hooks = (window as HookWindow).heliosTest!;
  const result = await hooks.importNotes(arg.text, arg.name);
  return result.ok ? `added ${result.added}` : `refused: ${result.message}`;
}

/** Makes a note now; the wall clock (ms) just before it was asked. */
export function noteNowAt(text: string): number {
  const at = Date.now();
  void (window as HookWindow).heliosTest!.addNote(text);
  return at;
}

/** The notes the Notes tab says it holds ("Notes (1,000)"). */
export function notesShown(): number {
  const text = document.querySelector(".helios-notes-count")?.textContent ?? "";
  return Number(text.replace(/[^\d]/g, "")) || 0;
}

/** Keeps (wall clock ms, notes held) each time the Notes tab's count changes, from now on. */
export function watchNotes(): void {
  const w = window as HookWindow;
  const seen: [number, number][] = [];
  w.__notesSeen = seen;
  const count = () =>
    Number(
      (document.querySelector(".helios-notes-count")?.textContent ?? "").replace(/[^\d]/g, ""),
    ) || 0;
  let last = count();
  new MutationObserver(() => {
    const now = count();
    if (now !== last) seen.push([Date.now(), now]);
    last = now;
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** When the Notes tab first held at least `items` (wall ms), or null. */
export function notesSeenAt(items: number): number | null {
  const seen = (window as HookWindow).__notesSeen ?? [];
  return seen.find(([, n]) => n >= items)?.[0] ?? null;
}

/**
 * Types each query into the Notes search as a user would (one input event),
 * and times it to the list's change painted: the frame after the list says
 * another count of matches (its items' aria-setsize, or "No note matches").
 * Ms per query.
 */
export async function filterTimes(queries: string[]): Promise<number[]> {
  const input = document.querySelector<HTMLInputElement>('input[aria-label="Search notes"]')!;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  const matches = () =>
    document
      .querySelector('[aria-label="Notes, oldest first"] [role="listitem"]')
      ?.getAttribute("aria-setsize") ?? "0";
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  const times: number[] = [];
  for (const query of queries) {
    const before = matches();
    const started = performance.now();
    setValue.call(input, query);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    while (matches() === before && performance.now() - started < 2000) await frame();
    await frame();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

/** Init script: the saved layouts the switch goes between (localStorage, as the app keeps them). */
export function seedLayouts(layoutsJson: string): void {
  localStorage.setItem("helios.layouts", layoutsJson);
}

/**
 * Switches to the saved layout `name` from the layout menu: ms from the click
 * on its menu item until each of its `plots` plots (ids starting `idPrefix`)
 * has painted its first picture with data, and a frame has gone by (the
 * render worker's paint reaches the screen in it).
 */
export async function layoutSwitchMs(arg: {
  name: string;
  idPrefix: string;
  plots: number;
}): Promise<number> {
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const until = async <T>(find: () => T | null | undefined, ms = 10_000): Promise<T> => {
    const end = performance.now() + ms;
    for (;;) {
      const found = find();
      if (found) return found;
      if (performance.now() > end)
        throw new Error(`layout switch: timed out waiting for ${arg.name}`);
      await frame();
    }
  };
  (document.querySelector('[data-testid="layout-button"]') as HTMLElement).click();
  const item = await until(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>('[data-testid="layout-menu"] a.bp6-menu-item'),
    ).find((a) => a.textContent === arg.name),
  );
  const start = performance.now();
  item.click();
  await until(() => {
    const cards = Array.from(document.querySelectorAll<HTMLElement>(".plot-card"));
    const ours = cards.filter((c) => c.dataset.plotId?.startsWith(arg.idPrefix));
    const painted = ours.filter((c) => c.querySelector(".uplot[data-painted]"));
    return cards.length === arg.plots && painted.length === arg.plots;
  }, 30_000);
  await frame();
  return performance.now() - start;
}
