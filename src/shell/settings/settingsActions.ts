// What the settings dialog does: the shared settings go the one way they all
// go (actions/sharedSetting.ts: shown, told to the core, saved).
import * as Comlink from "comlink";
import { z } from "zod";
import type { ConnectionType } from "../../../workers/contract/fields";
import { backendSetting, sourceSetting, upgradeSetting } from "../../actions/linkSettings";
import { setShared } from "../../actions/sharedSetting";
import type { TelemetryClient } from "../../worker-client/TelemetryClient";

export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600];
export const NO_WEB_SERIAL =
  "This browser has no Web Serial: RADIO needs Chrome or Edge on desktop.";

const backendUrlSchema = z.url({ protocol: /^https?$/ });

export function setConnectionType(client: TelemetryClient, type: ConnectionType): void {
  void setShared(client, sourceSetting, type);
}

/** Returns an error text for the form, or null when applied. */
export function applyBackendUrl(client: TelemetryClient, url: string): string | null {
  const parsed = backendUrlSchema.safeParse(url.trim());
  if (!parsed.success) return "Enter an http:// or https:// address, e.g. http://localhost:3001";
  void setShared(client, backendSetting, parsed.data);
  return null;
}

/** Saved with the settings; the worker dials a connected backend again. */
export function setWebSocketUpgrade(client: TelemetryClient, on: boolean): void {
  void setShared(client, upgradeSetting, on);
}

export function setPlayback(client: TelemetryClient, on: boolean): void {
  void client.api.setPlayback(on);
}

export function hasWebSerial(): boolean {
  return typeof navigator !== "undefined" && "serial" in navigator;
}

interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  readable: ReadableStream<Uint8Array> | null;
}
interface SerialLike {
  requestPort(): Promise<SerialPortLike>;
}

/** Needs a user gesture (a click). The port's byte stream moves to the worker. */
export async function connectRadio(client: TelemetryClient, baudRate: number): Promise<void> {
  const serial = (navigator as Navigator & { serial?: SerialLike }).serial;
  if (!serial) throw new Error(NO_WEB_SERIAL);
  const port = await serial.requestPort();
  await port.open({ baudRate });
  const readable = port.readable;
  if (!readable) throw new Error("The serial port has no readable stream.");
  await client.api.attachRadio(Comlink.transfer(readable, [readable]));
}

export function disconnectRadio(client: TelemetryClient): void {
  void client.api.detachRadio();
}
