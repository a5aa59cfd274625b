// Remembers the window's size and position between runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserWindow, Rectangle } from 'electron';
import { screen } from 'electron';
import { writeJsonAtomic } from '../services/atomic-file.js';

interface WindowState extends Rectangle {
  readonly maximized: boolean;
}

const DEFAULT: WindowState = { x: 0, y: 0, width: 1280, height: 800, maximized: false };

export function loadWindowState(dataDir: string): WindowState {
  try {
    const saved = JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8')) as WindowState;
    // Only reuse a position that is still on a connected display.
    const visible = screen.getAllDisplays().some((d) => {
      const b = d.workArea;
      return saved.x >= b.x && saved.y >= b.y && saved.x < b.x + b.width && saved.y < b.y + b.height;
    });
    return visible ? saved : { ...DEFAULT, width: saved.width, height: saved.height };
  } catch {
    return DEFAULT;
  }
}

export function trackWindowState(window: BrowserWindow, dataDir: string): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    if (window.isDestroyed()) return;
    const state: WindowState = { ...window.getNormalBounds(), maximized: window.isMaximized() };
    void writeJsonAtomic(join(dataDir, 'window-state.json'), state).catch(() => {});
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', save);
}
