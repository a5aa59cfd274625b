// The preload: exposes `window.exchange` with one named function per contract operation and
// typed event subscription — nothing else (no generic send, no ipcRenderer).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { bindOperations } from '../../shared/ipc/bind.js';
import type { ExchangeApi, StageArgs } from '../../shared/ipc/contract.js';
import { EVENT_NAMES } from '../../shared/ipc/names.js';
import { CALL_CHANNEL, EVENT_CHANNEL, STAGE_CHANNEL } from '../../shared/ipc/channels.js';

const api: ExchangeApi = {
  ...bindOperations((name, args) => ipcRenderer.invoke(CALL_CHANNEL, name, args)),
  on: (event, listener) => {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`unknown event ${String(event)}`);
    const wrapped = (_e: unknown, name: string, payload: Parameters<typeof listener>[0]) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
  // A dropped or picked File's path is read here, where Electron can see it; a File made by
  // page script has no path, so the renderer cannot name arbitrary files for upload.
  stageFile: (file, relativePath) =>
    ipcRenderer.invoke(STAGE_CHANNEL, {
      path: webUtils.getPathForFile(file),
      relativePath,
      size: file.size,
    } satisfies StageArgs),
};

contextBridge.exposeInMainWorld('exchange', api);
