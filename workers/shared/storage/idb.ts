// Promise helpers over the raw IndexedDB API (the worker has no library for
// it, and the few calls we need do not justify one).

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
  });
}

/** A readable message for anything IndexedDB throws (quota, private mode, blocked). */
export function describeStorageError(error: unknown): string {
  if (
    error instanceof Error ||
    (typeof DOMException !== "undefined" && error instanceof DOMException)
  )
    return `${(error as Error).name}: ${(error as Error).message}`;
  return String(error);
}

/**
 * Why the session database could not be opened although IndexedDB works:
 * it was written by a newer build (VersionError), or a tab of an older build
 * keeps it open and so holds up the upgrade ("blocked").
 */
export type OpenRefusal = "newer-database" | "upgrade-blocked";

const REFUSAL_MESSAGES: Record<OpenRefusal, string> = {
  "newer-database": "the recorded sessions were written by a newer version of the app",
  "upgrade-blocked": "another tab with an older version of the app keeps the recordings open",
};

export function openRefusal(refusal: OpenRefusal): Error {
  const error = new Error(REFUSAL_MESSAGES[refusal]);
  error.name = refusal;
  return error;
}

/** The refusal an error stands for (also after Comlink carried it over: name and message survive). */
export function refusalOf(error: unknown): OpenRefusal | null {
  const name = typeof error === "object" && error !== null ? (error as Error).name : null;
  return name === "newer-database" || name === "upgrade-blocked" ? name : null;
}
