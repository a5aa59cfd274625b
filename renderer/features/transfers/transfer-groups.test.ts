import { describe, expect, it } from 'vitest';
import { transfer } from '../../test-support/fixtures.js';
import { applyProgress, groupTransfers, stateText, statesOf } from './transfer-groups.js';

describe('transfer groups', () => {
  it('puts each state in its tab, newest first', () => {
    const groups = groupTransfers([
      transfer({ id: 'a', state: 'running', startedAt: '2026-01-01T00:00:00Z' }),
      transfer({ id: 'b', state: 'paused', startedAt: '2026-01-02T00:00:00Z' }),
      transfer({ id: 'c', state: 'failed' }),
      transfer({ id: 'd', state: 'cancelled' }),
      transfer({ id: 'e', state: 'verified' }),
      transfer({ id: 'f', state: 'queued', startedAt: undefined }),
    ]);
    expect(groups.active.map((t) => t.id)).toEqual(['b', 'a', 'f']);
    expect(groups.failed.map((t) => t.id).sort()).toEqual(['c', 'd']);
    expect(groups.completed.map((t) => t.id)).toEqual(['e']);
  });

  it('clears a finished tab with the states it shows, in one call', () => {
    expect(statesOf('completed')).toEqual(['verified']);
    expect(statesOf('failed')).toEqual(['failed', 'cancelled']);
  });

  it('merges progress into the matching transfer', () => {
    const list = [transfer({ id: 'a', bytes: 0 }), transfer({ id: 'b', bytes: 0 })];
    const next = applyProgress(list, { id: 'b', bytes: 10, total: 20, rate: 5, state: 'running' });
    expect(next?.[1]).toMatchObject({ bytes: 10, total: 20, rate: 5 });
    expect(next?.[0]).toBe(list[0]);
    expect(applyProgress(undefined, { id: 'b', bytes: 1, total: 2, rate: 1, state: 'running' })).toBeUndefined();
    expect(stateText(transfer({ state: 'verified' }))).toBe('verified');
    expect(stateText(transfer({ state: 'running', direction: 'download' }))).toBe('Downloading');
    // a busy exchange is waited out, and said so: not a network failure
    expect(stateText(transfer({ state: 'running', waiting: true }))).toBe('Waiting for the exchange');
  });
});
