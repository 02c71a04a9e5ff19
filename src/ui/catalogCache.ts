// The worker's field catalog, kept for the page and asked for again only when
// the math channels' version moves (a channel added, edited or deleted changes
// the catalog). Until the new catalog arrives the old one stays on screen, so
// pickers and tables do not blink empty. Pure, so it is unit tested.
import type { FieldInfo } from "../../workers/contract/fields";

export class CatalogCache {
  private loadingVersion: number | null = null;
  private loading: Promise<FieldInfo[]> | null = null;
  private shownVersion: number | null = null;
  private shown: FieldInfo[] | null = null;
  /** Loads started, and which of them is on screen: a later load's answer is never replaced by an earlier one's. */
  private started = 0;
  private shownLoad = 0;

  constructor(private readonly load: () => Promise<FieldInfo[]>) {}

  /** The newest catalog loaded (null before the first), whatever version it is. */
  get current(): FieldInfo[] | null {
    return this.shown;
  }

  /** Whether the catalog held is the one for `version`. */
  isFresh(version: number): boolean {
    return this.shownVersion === version && this.shown !== null;
  }

  /**
   * The catalog for `version`: loaded once per version, shared by every
   * caller. A failed load is forgotten, so the next call tries again.
   */
  get(version: number): Promise<FieldInfo[]> {
    if (this.isFresh(version)) return Promise.resolve(this.shown!);
    if (this.loading && this.loadingVersion === version) return this.loading;
    const load = ++this.started;
    const loading = this.load().then(
      (fields) => {
        // An earlier load's answer arriving after a later one's is not shown.
        if (load > this.shownLoad) {
          this.shown = fields;
          this.shownVersion = version;
          this.shownLoad = load;
        }
        if (this.loading === loading) this.loading = null;
        return this.shown!;
      },
      (error: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw error;
      },
    );
    this.loading = loading;
    this.loadingVersion = version;
    return loading;
  }
}
