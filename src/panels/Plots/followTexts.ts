// The words of the plots' follow controls (issue 32 item 14), pure for tests.
import type { ViewFlags } from "./plotView";

/**
 * What following means now. During playback the plots follow the playback
 * clock, not the car: saying "Live" there contradicted the transport bar's
 * PLAYBACK, so the words (and the colour) say playback instead.
 */
export function followTexts(playback: boolean, flags: ViewFlags) {
  return {
    button: playback ? "Follow playback" : "Live",
    mode: flags.paused
      ? "Paused"
      : !flags.follow
        ? "Zoomed"
        : playback
          ? "Following playback"
          : "Following",
    intent: flags.follow && !flags.paused ? (playback ? "primary" : "success") : "warning",
  } as const;
}
