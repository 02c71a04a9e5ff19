// Where a season's files go: a folder the user picked (File System Access
// API), or one zip streamed with fflate. Both take a file piece by piece and
// let it go; neither leaves a file it claims is whole when given up.
import { Zip, ZipPassThrough } from "fflate";
import type { SeasonSink } from "../../workers/contract/season";
import { releaseBuffer } from "../../workers/shared/releaseBuffer";

/** The calls of a folder handle the sink uses (a fake in tests). */
export interface FolderHandle {
  readonly name: string;
  getDirectoryHandle(name: string, options: { create: boolean }): Promise<FolderHandle>;
  getFileHandle(
    name: string,
    options: { create: boolean },
  ): Promise<{ createWritable(): Promise<FolderWritable> }>;
  removeEntry(name: string, options?: { recursive: boolean }): Promise<void>;
}

export interface FolderWritable {
  write(data: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** The sink, with the files it wrote whole and the one it was writing. */
export type TrackedSink = SeasonSink & { readonly whole: string[]; open(): string[] };

/**
 * Into `root`. Chromium writes a file's bytes to a swap file until close(),
 * so an aborted file never shows its part; its empty entry is removed too.
 */
export function folderSink(root: FolderHandle): TrackedSink {
  const open = new Map<string, { dir: FolderHandle; name: string; out: FolderWritable }>();
  const whole: string[] = [];
  const dirs = new Map<string, Promise<FolderHandle>>();
  const dirOf = (path: string): Promise<FolderHandle> => {
    if (path === "") return Promise.resolve(root);
    let dir = dirs.get(path);
    if (!dir) {
      const cut = path.lastIndexOf("/");
      dir = dirOf(path.slice(0, Math.max(0, cut))).then((parent) =>
        parent.getDirectoryHandle(path.slice(cut + 1), { create: true }),
      );
      dirs.set(path, dir);
    }
    return dir;
  };
  return {
    whole,
    open: () => [...open.keys()],
    async write(path, bytes, last) {
      let file = open.get(path);
      if (!file) {
        const cut = path.lastIndexOf("/");
        const dir = await dirOf(path.slice(0, Math.max(0, cut)));
        const name = path.slice(cut + 1);
        const handle = await dir.getFileHandle(name, { create: true });
        file = { dir, name, out: await handle.createWritable() };
        open.set(path, file);
      }
      await file.out.write(bytes);
      // Written to the file: freed now rather than piled up for V8 (issue 63).
      releaseBuffer(bytes.buffer);
      if (!last) return;
      await file.out.close();
      open.delete(path);
      whole.push(path);
    },
    async close() {},
    async abort() {
      for (const { dir, name, out } of open.values()) {
        await out.abort().catch(() => undefined);
        await dir.removeEntry(name).catch(() => undefined);
      }
      open.clear();
    },
  };
}

/**
 * One zip, stored (Parquet is compressed already). Its bytes join a Blob
 * by reference as they come, which the browser may keep on disk; `save`
 * gets the whole zip once every file is in it, and nothing when aborted.
 */
export function zipSink(save: (zip: Blob) => void): TrackedSink {
  let blob: Blob | null = new Blob([], { type: "application/zip" });
  let failed: Error | null = null;
  const files = new Map<string, ZipPassThrough>();
  const whole: string[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else if (blob) blob = new Blob([blob, chunk], { type: "application/zip" });
  });
  const check = () => {
    if (failed) throw failed;
  };
  return {
    whole,
    open: () => [...files.keys()],
    async write(path, bytes, last) {
      check();
      let file = files.get(path);
      if (!file) {
        file = new ZipPassThrough(path);
        zip.add(file);
        files.set(path, file);
      }
      file.push(bytes, last);
      if (last) {
        files.delete(path);
        whole.push(path);
      }
      check();
    },
    async close() {
      zip.end();
      check();
      if (blob) save(blob);
      blob = null;
    },
    async abort() {
      zip.terminate();
      files.clear();
      blob = null;
    },
  };
}
