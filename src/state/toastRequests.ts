// A toast about what the user just did, that a panel asks for (a panel does
// not reach the shell, which owns the toasters): the shell's ActionToaster
// shows each as it comes, or as soon as it is listening. The Notes tab's
// "Note deleted · Undo" is one.
import type { Notification } from "./notificationQueue";

export type ToastRequest = Omit<Notification, "id">;

let listener: ((request: ToastRequest) => void) | null = null;
const waiting: ToastRequest[] = [];

export function requestToast(request: ToastRequest): void {
  if (listener) listener(request);
  else waiting.push(request);
}

/** The shell shows the requests with `show` from now on (the waiting ones at once). */
export function onToastRequest(show: (request: ToastRequest) => void): () => void {
  listener = show;
  for (const request of waiting.splice(0)) show(request);
  return () => {
    if (listener === show) listener = null;
  };
}
