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

/** The name of the error SessionDb.open throws for a database of a newer version than it knows. */
export const NEWER_DATABASE = "NewerDatabaseError";

export function newerDatabaseError(): Error {
  const error = new Error("the recorded sessions were written by a newer version of the app");
  error.name = NEWER_DATABASE;
  return error;
}

/** True for newerDatabaseError(), also after Comlink carried it over (name and message survive). */
export const isNewerDatabaseError = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as Error).name === NEWER_DATABASE;
