// @vitest-environment happy-dom
// The bug of issue 17: invite in Collaborators…, close the dialog before the answer arrives, and
// the study's cached collaborators (what Manage access… lists) must still show the new one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { Organization } from '../../../shared/types.js';
import { ApiProvider } from '../../data/api-context.js';
import { keys } from '../../data/query-keys.js';
import { container } from '../../test-support/fixtures.js';
import { org } from '../../test-support/org-fixtures.js';
import { CollaboratorsDialog } from './collaborators-dialog.js';

afterEach(cleanup);

const PROFILE = 'p1';
const STUDY = 'c'.repeat(32);
const irb = org('1', 'Central IRB', { isSirb: true });
const site = org('2', 'Riverside Medical Center');

function service() {
  let answer: ((list: Organization[], titleProblem?: string) => void) | undefined;
  const api = {
    'app.info': async () => ({ ok: true, value: { platform: 'linux' } }),
    'containers.list': async () => ({
      ok: true,
      value: [container(STUDY, '2026-01-01T00:00:00Z', { ownerId: irb.id, ownedByMe: true })],
    }),
    'collaborators.list': async () => ({ ok: true, value: [irb] }),
    'organizations.list': async () => ({ ok: true, value: [irb, site] }),
    'collaborators.add': () =>
      new Promise(
        (resolve) =>
          (answer = (list, titleProblem) =>
            resolve({ ok: true, value: { collaborators: list, ...(titleProblem ? { titleProblem } : {}) } })),
      ),
  } as unknown as ExchangeApi;
  return {
    api,
    called: () => answer !== undefined,
    answer: (list: Organization[], titleProblem?: string) => answer?.(list, titleProblem),
  };
}

function Providers({ api, client, children }: { api: ExchangeApi; client: QueryClient; children: ReactNode }) {
  return (
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
}

/** The dialog open on the study, Riverside chosen to invite; the service has not answered yet. */
async function inviteRiverside() {
  const client = new QueryClient();
  const { api, called, answer } = service();
  const { unmount } = render(
    <Providers api={api} client={client}>
      <CollaboratorsDialog context={{ profileId: PROFILE, containerId: STUDY }} onClose={() => {}} />
    </Providers>,
  );
  await waitFor(() => expect(screen.getAllByTestId('collaborator-row')).toHaveLength(1));
  fireEvent.change(screen.getByTestId('invite-search'), { target: { value: 'River' } });
  const option = await screen.findByText('Riverside Medical Center', {
    selector: '[data-testid="invite-option"], [data-testid="invite-option"] *',
  });
  fireEvent.click(option.closest('button')!);
  return { client, called, answer, unmount };
}

describe('CollaboratorsDialog', () => {
  it('keeps the new collaborator in the cache when the dialog is closed before the invitation returns', async () => {
    const { client, called, answer, unmount } = await inviteRiverside();
    // closed at once, before the exchange answers
    unmount();
    await waitFor(() => expect(called()).toBe(true));
    answer([irb, site]);
    await waitFor(() =>
      expect(client.getQueryData<Organization[]>(keys.collaborators(PROFILE, STUDY))?.map((o) => o.name)).toEqual([
        'Central IRB',
        'Riverside Medical Center',
      ]),
    );
  });

  it('says so when the invited site could not be given the study\u2019s title', async () => {
    const { called, answer } = await inviteRiverside();
    await waitFor(() => expect(called()).toBe(true));
    answer(
      [irb, site],
      'The study\u2019s title could not be shared with Riverside Medical Center: no registered certificate.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('collaborators-status').textContent).toBe(
        'Riverside Medical Center was invited. The study\u2019s title could not be shared with Riverside Medical Center: no registered certificate.',
      ),
    );
  });
});
