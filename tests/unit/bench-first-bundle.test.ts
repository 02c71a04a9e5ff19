// bench:track's first bundle (bench/startupBrowser.ts): what index.html loads
// before any tab, and whether the map's or the plots' chunks are among it.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstBundle } from "../../bench/startupBrowser";

let dist: string | null = null;
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = null;
});

function builtApp(head: string, files: Record<string, string>): string {
  dist = mkdtempSync(join(tmpdir(), "helios-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), `<!doctype html><html><head>${head}</head></html>`);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dist, "assets", name), body);
  return dist;
}

describe("the first bundle", () => {
  it("counts the entry script, the module preloads and the stylesheets, not the icon or the manifest", () => {
    const at = builtApp(
      `<link rel="icon" href="/favicon.svg" />
       <script type="module" crossorigin src="/assets/index-a.js"></script>
       <link rel="modulepreload" crossorigin href="/assets/units-b.js">
       <link rel="stylesheet" crossorigin href="/assets/index-c.css">
       <link rel="manifest" href="/manifest.webmanifest">`,
      { "index-a.js": "x".repeat(1000), "units-b.js": "y".repeat(500), "index-c.css": "z" },
    );
    const bundle = firstBundle(at);
    expect(bundle.files).toEqual(["index-a.js", "units-b.js", "index-c.css"]);
    expect(bundle.bytes).toBe(1501);
    expect(bundle.gzipBytes).toBeGreaterThan(0);
    expect(bundle.gzipBytes).toBeLessThan(bundle.bytes);
    expect(bundle.mapOrPlotInside).toEqual([]);
  });

  it("names a map or plot chunk that the first load would fetch", () => {
    const at = builtApp(
      `<script type="module" src="/assets/index-a.js"></script>
       <link rel="modulepreload" href="/assets/LeafletMap-d.js">
       <link rel="modulepreload" href="/assets/uPlot.min-e.js">`,
      { "index-a.js": "a", "LeafletMap-d.js": "b", "uPlot.min-e.js": "c" },
    );
    expect(firstBundle(at).mapOrPlotInside).toEqual(["LeafletMap-d.js", "uPlot.min-e.js"]);
  });
});
