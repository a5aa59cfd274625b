import { describe, expect, it } from 'vitest';
import type { TransferView } from '../../../shared/ipc/views.js';
import { mergeTransfers } from './transfers.js';

const t = (id: string, state: TransferView['state']): TransferView => ({
  id,
  direction: 'upload',
  profileId: 'p',
  containerId: 'c',
  itemPath: `docs/${id}`,
  fileName: `${id}.pdf`,
  state,
  bytes: 0,
  total: 0,
  rate: 0,
});

describe('mergeTransfers', () => {
  it('adds transfers the list does not have, and never turns a verified one back to queued', () => {
    const list = [t('a', 'verified')];
    const next = mergeTransfers(list, [t('a', 'queued'), t('b', 'queued')]);
    expect(next.map((x) => [x.id, x.state])).toEqual([
      ['a', 'verified'],
      ['b', 'queued'],
    ]);
    expect(mergeTransfers(undefined, [t('c', 'queued')]).map((x) => x.id)).toEqual(['c']);
  });
});
