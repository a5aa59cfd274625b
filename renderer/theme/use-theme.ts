// Applies the chosen theme: the palette's colours as custom properties on <html> (CSSOM, so no
// inline <style> is needed under the CSP); "system" follows the OS and its later changes.
import { useEffect } from 'react';
import { DARK, LIGHT } from './palette.js';

type ThemeChoice = 'light' | 'dark' | 'system';

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

export function applyTheme(root: HTMLElement, theme: 'light' | 'dark'): void {
  const palette = theme === 'dark' ? DARK : LIGHT;
  for (const [name, value] of Object.entries(palette)) root.style.setProperty(name, value);
  root.style.setProperty('color-scheme', theme);
  root.dataset.theme = theme;
}

export function useTheme(choice: ThemeChoice): void {
  useEffect(() => {
    const query =
      typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
    const apply = (): void => applyTheme(document.documentElement, resolveTheme(choice, !!query?.matches));
    apply();
    if (choice !== 'system' || !query) return;
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [choice]);
}
