// Layouts as files and links (issue 61): the schema and its migration from
// the plot layouts saved before layouts had names, the link's fragment codec
// against hostile and oversized input, and the saved list each window shares.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUILT_IN_LAYOUTS } from "../../src/state/layouts/builtInLayouts";
import {
  layoutFragment,
  MAX_INFLATED_BYTES,
  MAX_LINK_CHARS,
  readLayoutFragment,
} from "../../src/state/layouts/layoutLink";
import {
  layoutFileText,
  readLayoutFile,
  type NamedLayout,
} from "../../src/state/layouts/layoutSchema";
import { defaultLayout } from "../../src/state/plotLayout/plotLayout";
import { MemoryStorage } from "./memoryStorage";

const battery = BUILT_IN_LAYOUTS.find((l) => l.id === "builtin:battery")!;
const named: NamedLayout = { name: "Pit wall", workspace: battery.workspace };

/** A fragment of raw bytes, as a hostile link would carry them. */
async function fragmentOf(bytes: Uint8Array): Promise<string> {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `#layout=${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

async function deflated(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("layout files", () => {
  it("reads back what it writes, every built-in layout included", () => {
    const layouts = BUILT_IN_LAYOUTS.map(({ name, workspace }) => ({ name, workspace }));
    const read = readLayoutFile(layoutFileText(layouts), "x");
    expect(read).toEqual({ ok: true, layouts });
  });

  it("migrates a version 1 file (a window's plot layout) into one layout of those plots", () => {
    const old = {
      version: 1,
      window: "10m",
      plots: [{ id: "v", fields: ["Battery.PackVoltage"] }],
    };
    const read = readLayoutFile(JSON.stringify(old), "my plots");
    if (!read.ok) throw new Error(read.error);
    const [layout] = read.layouts;
    expect(layout?.name).toBe("my plots");
    expect(layout?.workspace.plots).toEqual(old);
    expect(layout?.workspace.tab).toBe("plots");
    expect(layout?.workspace.map.follow).toBe(true);
  });

  it("says what is wrong with a bad file, and where", () => {
    const bad = JSON.parse(layoutFileText([named]));
    bad.layouts[0].workspace.plots.plots[2].fields = "Battery.PackVoltage";
    const read = readLayoutFile(JSON.stringify(bad), "x");
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toContain("layouts › 1 › workspace › plots › plots › 3 › fields");
    expect(readLayoutFile("{", "x")).toEqual({ ok: false, error: "The file is not JSON." });
    expect(readLayoutFile("[]", "x").ok).toBe(false);
    expect(readLayoutFile('{"format":"grafana"}', "x")).toMatchObject({
      ok: false,
      error: expect.stringContaining("not a Helios layout"),
    });
    const newer = readLayoutFile(JSON.stringify({ ...bad, version: 3 }), "x");
    expect(newer).toMatchObject({ ok: false, error: expect.stringContaining("newer Helios") });
    const tooBig = readLayoutFile(" ".repeat(1_000_001), "x");
    expect(tooBig).toMatchObject({ ok: false, error: expect.stringContaining("too large") });
  });

  it("keeps where the map looks, and refuses a place off the globe", () => {
    const place = { lat: 29.39, long: -97.61, zoom: 17 };
    const there = {
      ...named,
      workspace: { ...named.workspace, map: { ...named.workspace.map, place } },
    };
    expect(readLayoutFile(layoutFileText([there]), "x")).toEqual({ ok: true, layouts: [there] });
    const off = { ...there.workspace.map, place: { ...place, lat: 200 } };
    const bad = layoutFileText([{ ...there, workspace: { ...there.workspace, map: off } }]);
    expect(readLayoutFile(bad, "x")).toMatchObject({
      ok: false,
      error: expect.stringContaining("map › place › lat"),
    });
  });

  it("refuses an empty name, a name too long, and plots past the workspace's size", () => {
    const file = (layout: unknown) =>
      JSON.stringify({ format: "helios-layout", version: 2, layouts: [layout] });
    expect(readLayoutFile(file({ ...named, name: "  " }), "x").ok).toBe(false);
    expect(readLayoutFile(file({ ...named, name: "n".repeat(61) }), "x").ok).toBe(false);
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `p${i}`, fields: [] }));
    const tooMany = {
      ...named,
      workspace: { ...named.workspace, plots: { ...defaultLayout(), plots: many } },
    };
    expect(readLayoutFile(file(tooMany), "x").ok).toBe(false);
  });

  it("carries no secret: a key or password put in a file is dropped on the way in", () => {
    const hostile = JSON.parse(layoutFileText([named]));
    hostile.forecastKey = "sk-live-123";
    hostile.layouts[0].finishLinePassword = "hunter2";
    hostile.layouts[0].workspace.apiKey = "sk-live-456";
    hostile.layouts[0].workspace.map.tileUrl = "https://tiles.example/{z}/{x}/{y}?key=secret";
    const read = readLayoutFile(JSON.stringify(hostile), "x");
    expect(read.ok).toBe(true);
    const text = JSON.stringify(read);
    for (const secret of ["sk-live", "hunter2", "secret", "tileUrl"])
      expect(text).not.toContain(secret);
  });
});

describe("layout links", () => {
  it("round-trips a layout through the fragment, compressed", async () => {
    const fragment = await layoutFragment(named);
    expect(fragment.length).toBeLessThan(layoutFileText([named]).length / 2);
    expect(await readLayoutFragment(`#${fragment}`)).toEqual({ ok: true, layouts: [named] });
  });

  it("is null for an address without a layout", async () => {
    expect(await readLayoutFragment("")).toBeNull();
    expect(await readLayoutFragment("#section=2")).toBeNull();
  });

  it("refuses hostile fragments with a clear message", async () => {
    const cases: [string, string][] = [
      ["#layout=", "damaged"],
      ["#layout=%%%%", "damaged"],
      ["#layout=not*base64", "damaged"],
      [await fragmentOf(new Uint8Array([1, 2, 3, 4, 250, 251])), "damaged"],
      [await fragmentOf(await deflated("not json")), "not JSON"],
      [
        await fragmentOf(await deflated('{"format":"helios-layout","version":2,"layouts":[]}')),
        "not valid",
      ],
      [await fragmentOf(await deflated(layoutFileText([named, named]))), "more than one layout"],
      [await fragmentOf(await deflated(String.fromCharCode(0xd800))), "not JSON"],
      [`#layout=${"A".repeat(MAX_LINK_CHARS + 1)}`, "too long"],
    ];
    for (const [hash, why] of cases) {
      const read = await readLayoutFragment(hash);
      expect(read, hash.slice(0, 40)).toMatchObject({
        ok: false,
        error: expect.stringContaining(why),
      });
    }
  });

  it("stops inflating a small link that would grow past a layout's size (a zip bomb)", async () => {
    const bomb = await deflated(" ".repeat(20 * MAX_INFLATED_BYTES));
    const hash = await fragmentOf(bomb);
    expect(hash.length).toBeLessThan(MAX_LINK_CHARS);
    const read = await readLayoutFragment(hash);
    expect(read).toMatchObject({ ok: false, error: expect.stringContaining("more than a layout") });
  });
});

describe("saved layouts", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A fresh page over `local` (a reload, or another window), named `name`. */
  async function openPage(local: Storage, name = "Window 1") {
    vi.resetModules();
    const session = new MemoryStorage();
    session.setItem("helios.windowName", name);
    vi.stubGlobal("localStorage", local);
    vi.stubGlobal("sessionStorage", session);
    return import("../../src/state/layouts/layoutLibrary");
  }

  it("makes each window's plot layout from before names its first saved layout, nothing lost", async () => {
    const local = new MemoryStorage();
    const first = {
      version: 1,
      window: "10m",
      plots: [{ id: "a", fields: ["Battery.PackVoltage"], tall: true }],
    };
    const second = {
      version: 1,
      window: "1h",
      plots: [{ id: "b", fields: ["Battery.PackCurrent"], timeline: false }],
    };
    local.setItem("plotLayout", JSON.stringify(first));
    local.setItem("plotLayout:Window 2", JSON.stringify(second));
    local.setItem("plotLayout:evil", JSON.stringify(second));
    local.setItem(
      "mapSettings:Window 2",
      JSON.stringify({ colorField: "Battery.PackCurrent", follow: false }),
    );
    local.setItem("glanceTiles", JSON.stringify({ hidden: ["race"] }));
    const lib = await openPage(local, "Window 2");
    expect(lib.layoutLibrary.saved.map((l) => l.name)).toEqual([
      "Window 1 layout",
      "Window 2 layout",
    ]);
    const [one, two] = lib.layoutLibrary.saved;
    expect(one?.workspace.plots).toEqual(first);
    expect(two?.workspace.plots).toEqual(second);
    expect(two?.workspace.map).toMatchObject({ colorField: "Battery.PackCurrent", follow: false });
    expect(two?.workspace.hiddenTiles).toEqual(["race"]);
    // Window 2 has chosen its own; the old keys are still there.
    expect(lib.layoutLibrary.chosen).toBe(two?.id);
    expect(local.getItem("plotLayout:Window 2")).toBe(JSON.stringify(second));
    // Once: a reload finds the same list, and Window 1 its own choice.
    const again = await openPage(local, "Window 1");
    expect(again.layoutLibrary.saved.map((l) => l.id)).toEqual([one?.id, two?.id]);
    expect(again.layoutLibrary.chosen).toBe(one?.id);
  });

  it("saves, renames and deletes; names stay unique, a deleted layout comes back with undo", async () => {
    const local = new MemoryStorage();
    const lib = await openPage(local);
    const saved = lib.saveLayoutAs("Battery", battery.workspace);
    expect(saved.name).toBe("Battery (2)"); // the built-in has the name
    expect(lib.layoutLibrary.chosen).toBe(saved.id);
    expect(lib.layoutNameProblem("battery")).toContain("exists");
    expect(lib.layoutNameProblem("")).toBe("a layout needs a name");
    lib.renameLayout(saved.id, "Cells");
    const removed = lib.deleteLayout(saved.id);
    expect(lib.layoutLibrary.saved).toEqual([]);
    lib.restoreLayout(removed!);
    // Another window (a reload) sees the list as saved, and its own choice: none yet.
    const other = await openPage(local, "Window 2");
    expect(other.layoutLibrary.saved.map((l) => l.name)).toEqual(["Cells"]);
    expect(other.layoutLibrary.chosen).toBeNull();
    const imported = other.addLayouts([named, named]);
    expect(imported.map((l) => l.name)).toEqual(["Pit wall", "Pit wall (2)"]);
  });

  it("keeps the readable saved layouts when one is broken", async () => {
    const local = new MemoryStorage();
    const good = { id: "x", name: "Good", workspace: battery.workspace, savedAt: 1 };
    local.setItem(
      "helios.layouts",
      JSON.stringify({ version: 2, layouts: [{ id: "y", name: "" }, good] }),
    );
    const lib = await openPage(local);
    expect(lib.layoutLibrary.saved.map((l) => l.name)).toEqual(["Good"]);
    expect(lib.layoutLibrary.unreadable).toBe(1);
    // Set aside as stored before a save writes the list without it: nothing is lost.
    const stored = local.getItem("helios.layouts")!;
    expect(lib.unreadableLayoutsText()).toBe(stored);
    lib.saveLayoutAs("Another", battery.workspace);
    expect(local.getItem("helios.layouts")).not.toContain('"id":"y"');
    expect(local.getItem("helios.layouts.unreadable")).toBe(stored);
  });

  it("sets a list that is not JSON aside whole, and starts an empty one", async () => {
    const local = new MemoryStorage();
    local.setItem("helios.layouts", "{ not json");
    const lib = await openPage(local);
    expect(lib.layoutLibrary.saved).toEqual([]);
    expect(lib.layoutLibrary.unreadable).toBe(1);
    expect(lib.unreadableLayoutsText()).toBe("{ not json");
  });
});
