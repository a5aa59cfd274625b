// @vitest-environment happy-dom
// A sign-off request in Changes: worded "Sign-off requested: <document> by <date>, from <org>",
// hostile names shown cleaned, and choosing it reveals the document (not the request record).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ChangeView } from '../../../shared/ipc/views.js';
import { ChangesDialog } from '../whats-new/changes-dialog.js';
import { ApiProvider } from '../../data/api-context.js';
import { formatDay } from '../../lib/format.js';
import { onReveal, type RevealTarget } from '../../lib/reveal.js';

afterEach(cleanup);

const STUDY = 'c'.repeat(32);
const request = (over: Partial<ChangeView> = {}): ChangeView => ({
  containerId: STUDY,
  studyTitle: 'Protocol 2025-031',
  itemPath: 'consent/3f1c',
  name: 'Consent form v3.pdf',
  kind: 'signoff-requested',
  byId: '1'.repeat(32),
  byName: 'Central IRB',
  dueOn: '2026-12-05',
  at: '2026-11-28T10:00:00Z',
  unseen: false,
  ...over,
});

it('words the request, cleans hostile names, and reveals the document when chosen', async () => {
  const changes = [
    request(),
    request({ itemPath: 'protocol/9a', name: 'Protocol\u202e.pdf', byName: '\u0007Evil', dueOn: undefined }),
  ];
  const api = {
    on: () => () => undefined,
    'changes.list': async () => ({ ok: true, value: changes }),
  } as unknown as ExchangeApi;
  const revealed: RevealTarget[] = [];
  const off = onReveal((t) => revealed.push(t));
  const onClose = vi.fn();
  render(
    <ApiProvider api={api}>
      <QueryClientProvider client={new QueryClient()}>
        <ChangesDialog profileId="p1" onClose={onClose} />
      </QueryClientProvider>
    </ApiProvider>,
  );
  const due = formatDay('2026-12-05T12:00:00'); // the user's locale
  const entries = await screen.findAllByTestId('change-entry');
  expect(entries.map((e) => e.dataset.kind)).toEqual(['signoff-requested', 'signoff-requested']);
  expect(entries[0]!.textContent).toContain(`Sign-off requested: Consent form v3.pdf by ${due}, from Central IRB`);
  expect(entries[0]!.textContent).not.toContain('New');
  expect(entries[0]!.getAttribute('aria-label')).toMatch(
    new RegExp(
      `^Sign-off requested: Consent form v3\\.pdf by ${due}, from Central IRB, in Protocol 2025-031 › consent, .*Show it$`,
    ),
  );
  // no due date: no "by"; control and bidi characters never reach the screen
  expect(entries[1]!.textContent).toContain('Sign-off requested: Protocol');
  expect(entries[1]!.textContent).not.toContain('\u0007');
  expect(entries[1]!.textContent).not.toContain('\u202e');
  expect(entries[1]!.textContent).not.toContain(' by ');
  fireEvent.click(entries[0]!);
  off();
  expect(revealed).toEqual([{ containerId: STUDY, itemPaths: ['consent/3f1c'] }]);
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
