// Decrypts headers only for the rows in view, a moment after scrolling stops, each item once.
import { useCallback, useEffect, useRef } from 'react';
import { useLoadHeaders } from '../../data/items.js';
import type { Row } from '../../lib/rows.js';

export function useLazyHeaders(profileId: string, containerId: string): (rows: Row[]) => void {
  const loadHeaders = useLoadHeaders(profileId, containerId);
  const asked = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    asked.current = new Set();
    return () => clearTimeout(timer.current);
  }, [profileId, containerId]);

  return useCallback(
    (rows: Row[]) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const paths: string[] = [];
        for (const row of rows) {
          if (row.entry.kind !== 'item') continue;
          const item = row.entry.item;
          const key = `${row.entry.path}@${item.updatedAt}`;
          if (item.decryptedHeader || item.headerProblem || asked.current.has(key)) continue;
          asked.current.add(key);
          paths.push(row.entry.path);
        }
        if (paths.length) void loadHeaders(paths).catch(() => undefined);
      }, 120);
    },
    [loadHeaders],
  );
}
