// Decrypts headers only for the rows in view, a moment after scrolling stops, each item once;
// rows that could not be read for a passing reason (network, a busy exchange) are asked again
// a while later, and at once when the view changes.
import { useCallback, useEffect, useRef } from 'react';
import { useLoadHeaders } from './items.js';
import type { Row } from '../../lib/rows.js';

/** How long after a passing failure the rows in view are asked again. */
export const HEADERS_RETRY_MS = 5_000;

export function useLazyHeaders(profileId: string, containerId: string): (rows: Row[]) => void {
  const loadHeaders = useLoadHeaders(profileId, containerId);
  const asked = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inView = useRef<Row[]>([]);

  useEffect(() => {
    asked.current = new Set();
    return () => {
      clearTimeout(timer.current);
      clearTimeout(retry.current);
    };
  }, [profileId, containerId]);

  const ask = useCallback(
    (rows: Row[]) => {
      inView.current = rows;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const keys = new Map<string, string>();
        for (const row of rows) {
          if (row.entry.kind !== 'item') continue;
          const item = row.entry.item;
          const key = `${row.entry.path}@${item.updatedAt}`;
          if (item.decryptedHeader || item.headerProblem || asked.current.has(key)) continue;
          asked.current.add(key);
          keys.set(row.entry.path, key);
        }
        if (keys.size === 0) return;
        const seen = asked.current;
        void loadHeaders([...keys.keys()]).then(
          ({ paths }) => {
            if (paths.length === 0 || seen !== asked.current) return;
            for (const path of paths) seen.delete(keys.get(path) ?? '');
            clearTimeout(retry.current);
            retry.current = setTimeout(() => ask(inView.current), HEADERS_RETRY_MS);
          },
          () => undefined,
        );
      }, 120);
    },
    [loadHeaders],
  );
  return ask;
}
