// The "New window" command (issue 38): another window on the same core, at the
// same address, without the parameters that set up a core when it starts.
import { describe, expect, it, vi } from "vitest";
import { newWindowUrl, openNewWindow } from "../../src/actions/windowActions";

describe("New window", () => {
  it("keeps origin, path and how the window reaches the core", () => {
    const url = new URL(
      newWindowUrl(
        "http://127.0.0.1:4173/plots?backend=http%3A%2F%2F127.0.0.1%3A5000&sharedCore=0" +
          "&coreStorage=inline&e2eHooks=1&upgrade=1#top",
      ),
    );
    expect(url.origin).toBe("http://127.0.0.1:4173");
    expect(url.pathname).toBe("/plots");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      backend: "http://127.0.0.1:5000",
      sharedCore: "0",
      coreStorage: "inline",
      e2eHooks: "1",
      upgrade: "1",
    });
    expect(url.hash).toBe("");
  });

  it("drops what would start a demo day, rate or history over again", () => {
    const url = new URL(
      newWindowUrl(
        "http://localhost/?demoRate=2000&demoDay=9&demoClock=13:00&capacity=500&record=0&offline=1",
      ),
    );
    expect(url.search).toBe("");
    expect(url.pathname).toBe("/");
  });

  it("opens it apart from this window (noopener)", () => {
    const open = vi.fn(() => null);
    openNewWindow(null, "http://localhost/map?demoRate=100&backend=http://x:1", open);
    expect(open).toHaveBeenCalledWith(
      "http://localhost/map?backend=http%3A%2F%2Fx%3A1",
      "_blank",
      "noopener",
    );
  });

  it("names the layout the new window opens with in its fragment", () => {
    const url = new URL(
      newWindowUrl("http://localhost/plots?backend=b#layout=zzz", "builtin:battery"),
    );
    expect(url.hash).toBe("#use-layout=builtin%3Abattery");
    expect(url.searchParams.get("backend")).toBe("b");
  });
});
