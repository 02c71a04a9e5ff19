// A link that opens a layout: the layout file's JSON, deflated (the browser's
// own CompressionStream) and base64url-encoded into the address's fragment,
// which browsers never send to a server. "#layout=…". Reading one is guarded
// both ways: a fragment too long, or one that inflates past a layout's size
// (a zip bomb), is refused before it is parsed; then the layout file's own
// checks apply (layoutSchema.ts).
import { layoutFileText, readLayoutJson, type LayoutRead, type NamedLayout } from "./layoutSchema";

const FRAGMENT_KEY = "layout";
/** A 24-plot layout deflates to a few KB; browsers and chat apps keep links far longer. */
export const MAX_LINK_CHARS = 32_000;
/** What a link may inflate to: more than any layout's JSON. */
export const MAX_INFLATED_BYTES = 512_000;

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The inflated text, or null when it is not deflate data or grows past `limit` bytes. */
async function inflate(bytes: Uint8Array, limit: number): Promise<string | null> {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    return null;
  }
}

/** The fragment ("layout=…", without "#") that carries `layout`. */
export async function layoutFragment(layout: NamedLayout): Promise<string> {
  return `${FRAGMENT_KEY}=${toBase64Url(await deflate(layoutFileText([layout])))}`;
}

/** An address that opens `layout`: `href` with its fragment replaced. */
export async function layoutLink(href: string, layout: NamedLayout): Promise<string> {
  const url = new URL(href);
  url.hash = await layoutFragment(layout);
  return url.toString();
}

/** Whether an address's fragment ("#layout=…") carries a layout. */
export function hasLayoutFragment(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, "")).has(FRAGMENT_KEY);
}

/** The layout in an address's fragment, or why it cannot be read; null when it carries none. */
export async function readLayoutFragment(hash: string): Promise<LayoutRead | null> {
  const value = new URLSearchParams(hash.replace(/^#/, "")).get(FRAGMENT_KEY);
  if (value === null) return null;
  const broken = (why: string): LayoutRead => ({ ok: false, error: `The layout link ${why}.` });
  if (value.length > MAX_LINK_CHARS)
    return broken(`is too long (over ${MAX_LINK_CHARS} characters)`);
  const bytes = fromBase64Url(value);
  if (!bytes || bytes.length === 0) return broken("is damaged (it is not base64url)");
  const text = await inflate(bytes, MAX_INFLATED_BYTES);
  if (text === null) return broken("is damaged, or holds more than a layout");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return broken("is damaged (its layout is not JSON)");
  }
  const read = readLayoutJson(json, "Layout from a link");
  if (!read.ok) return read;
  if (read.layouts.length !== 1) return broken("holds more than one layout");
  return read;
}
