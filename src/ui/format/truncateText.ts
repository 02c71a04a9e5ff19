// Car strings (Title, RFIDs, ...) come from outside and can be any length: a
// 1 MB string must not go into the DOM whole, nor stretch a table or a tile.

/** Characters of a car string shown in place; the rest is behind the hover. */
export const SHOWN_CHARS = 64;

const ELLIPSIS = "…";

/**
 * At most `max` characters: the text itself if it fits, else its start and an
 * ellipsis. Never splits a surrogate pair (an emoji stays whole or goes).
 */
export function truncateText(text: string, max = SHOWN_CHARS): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - ELLIPSIS.length);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // a high surrogate without its pair
  return text.slice(0, end) + ELLIPSIS;
}
