import { describe, expect, it } from 'vitest';
import type { ChangeView } from '../../../shared/ipc/views.js';
import { arrivals } from './welcome-text.js';

const change = (over: Partial<ChangeView>): ChangeView => ({
  containerId: 'a'.repeat(32),
  studyTitle: 'Protocol 2025-031',
  itemPath: 'Site documents/enrolment.pdf',
  name: 'enrolment.pdf',
  kind: 'added',
  byName: 'Riverside Medical Center',
  at: '2026-11-28T10:00:00Z',
  unseen: true,
  ...over,
});

describe('arrivals', () => {
  it('says how many New documents each organization sent, and where the first study has them', () => {
    const list = arrivals([
      change({}),
      change({ itemPath: 'Site documents/log.xlsx' }),
      change({ byName: 'Lakeside\u202E University', containerId: 'b'.repeat(32) }),
      change({ byName: 'Old Site', unseen: false }),
      change({ byName: 'Gone Site', kind: 'gone', unseen: true }),
    ]);
    expect(list).toEqual([
      {
        text: '2 new documents from Riverside Medical Center',
        containerId: 'a'.repeat(32),
        itemPaths: ['Site documents/enrolment.pdf', 'Site documents/log.xlsx'],
      },
      {
        text: '1 new document from Lakeside University',
        containerId: 'b'.repeat(32),
        itemPaths: ['Site documents/enrolment.pdf'],
      },
    ]);
  });
});
