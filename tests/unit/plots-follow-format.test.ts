// During playback the plots follow the playback clock: they must not say
// "Live" or "Following" in green while the transport bar says PLAYBACK
// (issue 32 item 14).
import { describe, expect, it } from "vitest";
import { followTexts } from "../../src/panels/Plots/followTexts";

const following = { follow: true, paused: false };

describe("the plots' follow words", () => {
  it("say Live and Following on live data", () => {
    expect(followTexts(false, following)).toEqual({
      button: "Live",
      mode: "Following",
      intent: "success",
    });
  });

  it("say they follow playback during playback, not live", () => {
    const texts = followTexts(true, following);
    expect(texts.button).toBe("Follow playback");
    expect(texts.mode).toBe("Following playback");
    expect(texts.intent).not.toBe("success");
  });

  it("say Zoomed or Paused either way", () => {
    for (const playback of [false, true]) {
      expect(followTexts(playback, { follow: false, paused: false }).mode).toBe("Zoomed");
      expect(followTexts(playback, { follow: true, paused: true }).mode).toBe("Paused");
    }
  });
});
