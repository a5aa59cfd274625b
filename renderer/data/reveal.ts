// Reveal requests reach the window from two sides: inside it (Find, Changes, a browser-host
// notification: lib/reveal.ts) and from main (a desktop notification clicked: the `reveal` event).
import { useEffect, useRef } from 'react';
import { onReveal, requestReveal, type RevealTarget } from '../lib/reveal.js';
import { useApi } from './api-context.js';

/** Calls `listener` for every reveal request, main's included (forwarded to the one place they meet). */
export function useRevealRequests(listener: (target: RevealTarget) => void): void {
  const api = useApi();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onReveal((target) => latest.current(target)), []);
  useEffect(() => api.on('reveal', (target) => requestReveal(target)), [api]);
}
