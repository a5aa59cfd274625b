// Applies the chosen theme to <html data-theme>; "system" follows the OS through CSS media queries.
import { useEffect } from 'react';

export function useTheme(theme: 'light' | 'dark' | 'system'): void {
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
