// Text of a Blob/File (or a string) in pieces, decoded as UTF-8 across piece
// boundaries, so an import never holds the whole file as one string.
const READ_CHUNK_BYTES = 1 << 20;

export async function* textChunks(
  input: Blob | string,
  chunkBytes = READ_CHUNK_BYTES,
): AsyncGenerator<{ text: string; bytesDone: number }> {
  if (typeof input === "string") {
    for (let at = 0; at < input.length; at += chunkBytes) {
      yield {
        text: input.slice(at, at + chunkBytes),
        bytesDone: Math.min(input.length, at + chunkBytes),
      };
    }
    return;
  }
  const decoder = new TextDecoder("utf-8");
  for (let at = 0; at < input.size; at += chunkBytes) {
    const end = Math.min(input.size, at + chunkBytes);
    const bytes = await input.slice(at, end).arrayBuffer();
    yield { text: decoder.decode(bytes, { stream: end < input.size }), bytesDone: end };
  }
}

/**
 * End (exclusive) of the last complete line in `text`: after the last "\n"
 * that is not inside a quoted cell (quotes inside cells are doubled, so quote
 * parity tells inside from outside). 0 when no line is complete. `text` must
 * start outside quotes (at a line start).
 */
export function completeLinesEnd(text: string): number {
  // Usual case: an even number of quotes before the last "\n" puts it outside
  // quotes. Counting them is one indexOf per quote, no scan back per cell.
  const last = text.lastIndexOf("\n");
  if (last === -1) return 0;
  let quotes = 0;
  for (let q = text.indexOf('"'); q !== -1 && q < last; q = text.indexOf('"', q + 1)) quotes++;
  return (quotes & 1) === 0 ? last + 1 : lastLineEndOutsideQuotes(text);
}

/** The last "\n" outside quotes, walking quote by quote from the start. */
function lastLineEndOutsideQuotes(text: string): number {
  let pos = 0;
  let inQuotes = false;
  let lastNewline = -1;
  for (;;) {
    const quote = text.indexOf('"', pos);
    const end = quote === -1 ? text.length : quote;
    if (!inQuotes && end > pos) {
      const newline = text.lastIndexOf("\n", end - 1);
      if (newline >= pos) lastNewline = newline;
    }
    if (quote === -1) break;
    inQuotes = !inQuotes;
    pos = quote + 1;
  }
  return lastNewline + 1;
}
