// Settings each window keeps for itself (the Overview's hidden glance tiles):
// saved under the window's name (src/state/windowName.ts), so a layout chosen
// in one window of a pit wall leaves the others as they were. The first
// window keeps the key used before windows had names; another window without
// a value of its own starts from the first window's (as all windows shared
// one value before), or the defaults.
import { proxy, subscribe } from "valtio";
import type { z } from "zod";
import { localStore, readStorage, writeStorage } from "./persistence";
import { readStored } from "./storedSettings";
import { windowIdentity, windowStorageKey } from "./windowName";

/** A valtio proxy of this window's settings stored under `key`, saved on every change. */
export function windowSettings<T extends object>(
  key: string,
  schema: z.ZodType<T>,
  defaults: T,
): T {
  const storage = localStore();
  const read = (name: string): T => {
    const text = storage
      ? (readStorage(storage, windowStorageKey(key, name)) ?? readStorage(storage, key))
      : null;
    return readStored(schema, defaults, text).value;
  };
  let shownFor = windowIdentity.name;
  const state = proxy<T>(read(shownFor));
  if (!storage) return state;
  subscribe(state, () =>
    writeStorage(storage, windowStorageKey(key, shownFor), JSON.stringify(state)),
  );
  // The core named this window otherwise than it loaded with: show that name's settings.
  subscribe(windowIdentity, () => {
    if (windowIdentity.name === shownFor) return;
    shownFor = windowIdentity.name;
    Object.assign(state, read(shownFor));
  });
  return state;
}
