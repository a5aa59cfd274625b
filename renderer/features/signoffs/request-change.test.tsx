// @vitest-environment happy-dom
// Sign-off entries in Changes: a request worded "Sign-off requested: <document> by <date>, from
// <org>", an answer to the owner's request "<org> acknowledged <document>"; hostile names shown
// cleaned, and choosing one reveals the document (not the request or sign-off record).
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

it('words an answer to the owner’s request, with its meaning, and reveals the document when chosen', async () => {
  const answer = request({
    kind: 'signoff-answered',
    meaning: 'acknowledged',
    byName: 'Lakeside University',
    dueOn: undefined,
  });
  const changes = [
    answer,
    request({ kind: 'signoff-answered', meaning: 'read-and-understood', byName: 'Lake\u202eside', itemPath: 'x/1' }),
  ];
  const api = {
    on: () => () => undefined,
    'changes.list': async () => ({ ok: true, value: changes }),
  } as unknown as ExchangeApi;
  const revealed: RevealTarget[] = [];
  const off = onReveal((t) => revealed.push(t));
  render(
    <ApiProvider api={api}>
      <QueryClientProvider client={new QueryClient()}>
        <ChangesDialog profileId="p1" onClose={() => undefined} />
      </QueryClientProvider>
    </ApiProvider>,
  );
  const entries = await screen.findAllByTestId('change-entry');
  expect(entries.map((e) => e.dataset.kind)).toEqual(['signoff-answered', 'signoff-answered']);
  expect(entries[0]!.querySelector('.change-name')!.textContent).toBe(
    'Lakeside University acknowledged Consent form v3.pdf',
  );
  // who is in the words: no "by …" beside them
  expect(entries[0]!.querySelector('.change-who')!.textContent).toBe('');
  expect(entries[0]!.getAttribute('aria-label')).toMatch(
    /^Lakeside University acknowledged Consent form v3\.pdf, in Protocol 2025-031 › consent, .*Show it$/,
  );
  expect(entries[1]!.textContent).toContain('read and understood Consent form v3.pdf');
  expect(entries[1]!.textContent).not.toContain('\u202e');
  fireEvent.click(entries[0]!);
  off();
  expect(revealed).toEqual([{ containerId: STUDY, itemPaths: ['consent/3f1c'] }]);
});
