// ArrayBuffer.prototype.transfer where Node lacks it (Node 20; Chromium has
// it), so code that frees buffers with it (workers/shared/releaseBuffer.ts)
// frees them in these tests as in the browser: a buffer freed too early
// then reads as empty, and the test sees it.
import { afterAll, beforeAll } from "vitest";

function installBufferTransfer(): () => void {
  if ("transfer" in ArrayBuffer.prototype) return () => undefined;
  Object.defineProperty(ArrayBuffer.prototype, "transfer", {
    configurable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      // Moving the bytes into a clone detaches this buffer, as transfer does.
      const moved = structuredClone(this, { transfer: [this] });
      return length === undefined ? moved : moved.slice(0, length);
    },
  });
  return () => void delete (ArrayBuffer.prototype as { transfer?: unknown }).transfer;
}

/** For the test file that calls it: buffers the app frees are freed, as in the browser. */
export function freeBuffersAsTheBrowserDoes(): void {
  let uninstall = () => undefined as void;
  beforeAll(() => void (uninstall = installBufferTransfer()));
  afterAll(() => uninstall());
}
