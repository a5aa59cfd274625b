// The preload: exposes `window.exchange` with one named function per contract operation and
// typed event subscription — nothing else (no generic send, no ipcRenderer).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { EventName, ExchangeApi } from '../../shared/ipc/contract.js';
import { EVENT_NAMES, OPERATION_NAMES } from '../../shared/ipc/names.js';
import { CALL_CHANNEL, EVENT_CHANNEL, STAGE_CHANNEL } from '../../shared/ipc/channels.js';

const api: Record<string, unknown> = {};
for (const name of OPERATION_NAMES) {
  api[name] = (args: unknown) => ipcRenderer.invoke(CALL_CHANNEL, name, args);
}

api.on = (event: EventName, listener: (payload: unknown) => void) => {
  if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`unknown event ${String(event)}`);
  const wrapped = (_e: unknown, name: EventName, payload: unknown) => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on(EVENT_CHANNEL, wrapped);
  return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
};

// A dropped or picked File's path is read here, where Electron can see it; a File made by
// page script has no path, so the renderer cannot name arbitrary files for upload.
api.stageFile = (file: File, relativePath: string) =>
  ipcRenderer.invoke(STAGE_CHANNEL, webUtils.getPathForFile(file), relativePath, file.size);

contextBridge.exposeInMainWorld('exchange', api as unknown as ExchangeApi);
