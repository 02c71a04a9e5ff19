// What the state timelines benchmark runs inside the page. Like
// bench/browserPage.ts, each function is serialised into the page:
// self-contained, no imports.

/** A timeline plot on the page: its id, its rows (top first) and where its picture lies (CSS px, viewport). */
export interface TimelineCard {
  id: string;
  rows: string[];
  left: number;
  top: number;
  width: number;
  height: number;
}

export function timelineCards(): TimelineCard[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-plot-kind="timeline"]')).map(
    (card) => {
      const layer = card.querySelector(".plot-series-layer")!.getBoundingClientRect();
      const rows = card.querySelector(".plot-chart")?.getAttribute("data-timeline-rows") ?? "";
      return {
        id: card.dataset.plotId ?? "",
        rows: rows ? rows.split("\n") : [],
        left: layer.left,
        top: layer.top,
        width: layer.width,
        height: layer.height,
      };
    },
  );
}

/**
 * The pixel columns of a timeline's picture (a PNG, base64) where row `row`
 * of `rows` holds a colour within 40 (sum over R, G, B) of `rgb`. The time
 * axis (`axisCss` px) under the rows is left out.
 */
export async function inkColumns(arg: {
  png: string;
  rows: number;
  row: number;
  rgb: number[];
  axisCss: number;
}): Promise<number[]> {
  const picture = new Image();
  picture.src = `data:image/png;base64,${arg.png}`;
  await picture.decode();
  const canvas = new OffscreenCanvas(picture.width, picture.height);
  const ctx = canvas.getContext("2d")!;
  ctx.drawImage(picture, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, picture.width, picture.height);
  const rowsHeight = height - arg.axisCss;
  const top = Math.ceil((arg.row / arg.rows) * rowsHeight);
  const bottom = Math.floor(((arg.row + 1) / arg.rows) * rowsHeight);
  const columns: number[] = [];
  for (let x = 0; x < width; x++)
    for (let y = top; y < bottom; y++) {
      const i = (y * width + x) * 4;
      const off =
        Math.abs(data[i]! - arg.rgb[0]!) +
        Math.abs(data[i + 1]! - arg.rgb[1]!) +
        Math.abs(data[i + 2]! - arg.rgb[2]!);
      if (off < 40) {
        columns.push(x);
        break;
      }
    }
  return columns;
}

/** The plots' main-thread update times (ms) recorded since update number `from`, and the count now. */
export function updatesSince(from: number): { next: number; ms: number[] } {
  const s = window.__heliosPlotStats!;
  const ms: number[] = [];
  for (let i = from; i < s.updateNext; i++) ms.push(s.updateMs[i % s.ringSize]!);
  return { next: s.updateNext, ms };
}

/** Clicks a window button of the plots' toolbar ("today", "30s", …): the plots follow it live. */
export function followWindow(preset: string): void {
  document.querySelector<HTMLButtonElement>(`[data-window="${preset}"]`)!.click();
}

/** Scrolls the plot `id` into view. */
export function showPlot(id: string): void {
  document.querySelector(`[data-plot-id="${id}"]`)!.scrollIntoView({ block: "nearest" });
}

/** Removes every plot that is not a timeline, as a user would (its Remove button): the six alone. */
export function removeLinePlots(): number {
  const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-plot-kind="lines"]'));
  for (const card of cards)
    card.querySelector<HTMLButtonElement>('button[aria-label="Remove plot"]')!.click();
  return cards.length;
}
