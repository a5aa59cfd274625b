// @vitest-environment happy-dom
// Sign off… against the real app core (main's door, its handlers, the embedded sandbox exchange):
// the first sign-off of a session asks for the printed name; a wrong passphrase is refused in the
// dialog and signs nothing; the right one signs, the dialog closes and the details' sign-offs show
// it valid, of this version, with the name, role and organization.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ItemView } from '../../../shared/ipc/views.js';
// eslint-disable-next-line no-restricted-imports -- the window's real other side (main, the exchange), not code the renderer runs
import { coreWindow } from '../../../electron/core/test-support/window-api.js';
import { ApiProvider } from '../../data/api-context.js';
import { createQueryClient } from '../../data/query-client.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import { itemLabel } from '../../lib/rows.js';
import { DocumentSignOffs } from './document-signoffs.js';
import { SignOffFlow } from './sign-off-flow.js';

/** The passphrase the core's test platform seals keys with (electron/core/test-support/app-core.ts). */
const PASSPHRASE = 'test passphrase';

let app: Awaited<ReturnType<typeof coreWindow>>;

beforeAll(async () => {
  // a sign-off's certificate must chain to the profile's anchors: the sandbox's CA, as Settings sets it
  app = await coreWindow({ trustSandboxCa: true });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

afterEach(cleanup);

/** The details' sign-offs and, while open, the Sign off… dialog for the same document. */
function Window({ containerId, item }: { containerId: string; item: ItemView }) {
  const [signing, setSigning] = useState(true);
  const itemPath = itemSlashPath(item);
  return (
    <>
      <DocumentSignOffs
        profileId={app.profileId}
        containerId={containerId}
        item={item}
        onSignOff={() => setSigning(true)}
        onRequest={() => {}}
      />
      {signing ? (
        <SignOffFlow
          profileId={app.profileId}
          containerId={containerId}
          documents={[{ itemPath, name: itemLabel(item, itemPath) }]}
          onClose={() => setSigning(false)}
        />
      ) : null}
    </>
  );
}

describe('Sign off… through main', () => {
  it('refuses a wrong passphrase in the dialog and signs nothing; the right one signs this version', async () => {
    const [study] = await app.call('containers.list', {});
    const items = await app.call('items.list', { containerId: study!.id });
    const headers = await app.call('items.headers', {
      containerId: study!.id,
      itemPaths: items.map((i) => itemSlashPath(i)).slice(0, 500),
    });
    const item = headers.find((i) => i.ownedByMe && i.decryptedHeader?.type === 'document')!;
    expect(item).toBeDefined();
    const itemPath = itemSlashPath(item);
    const before = await app.call('signoffs.forItem', { containerId: study!.id, itemPath });

    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiProvider api={app.api}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ApiProvider>
    );
    render(<Window containerId={study!.id} item={item} />, { wrapper });
    const dialog = await screen.findByTestId('signoff-dialog');
    // the first sign-off of this session: the printed name and role are asked
    const name = await within(dialog).findByTestId('signoff-name-input');
    fireEvent.change(name, { target: { value: 'Alex Morgan' } });
    fireEvent.change(within(dialog).getByTestId('signoff-role-input'), { target: { value: 'IRB chair' } });
    fireEvent.click(within(dialog).getByTestId('signoff-meaning-approved'));
    fireEvent.change(within(dialog).getByTestId('signoff-passphrase'), { target: { value: 'not it' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('signoff-submit')));
    const refused = await within(dialog).findByTestId('signoff-error', {}, { timeout: 30_000 });
    expect(within(refused).getByTestId('signoff-error-code').textContent).toBe('wrong-passphrase');
    expect(await app.call('signoffs.forItem', { containerId: study!.id, itemPath })).toHaveLength(before.length);

    // the name is confirmed now; the passphrase is asked again
    await within(dialog).findByTestId('signoff-as');
    expect(within(dialog).getByTestId('signoff-as').textContent).toContain('Alex Morgan, IRB chair');
    fireEvent.change(within(dialog).getByTestId('signoff-passphrase'), { target: { value: PASSPHRASE } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('signoff-submit')));
    await waitFor(() => expect(screen.queryByTestId('signoff-dialog')).toBeNull(), { timeout: 30_000 });

    const after = await app.call('signoffs.forItem', { containerId: study!.id, itemPath });
    expect(after).toHaveLength(before.length + 1);
    await waitFor(() => expect(screen.getAllByTestId('signoff')).toHaveLength(before.length + 1), {
      timeout: 30_000,
    });
    const mine = screen
      .getAllByTestId('signoff')
      .find((e) => within(e).getByTestId('signoff-signer').textContent?.startsWith('Alex Morgan'))!;
    expect(mine.getAttribute('data-valid')).toBe('true');
    expect(within(mine).getByTestId('signoff-meaning').textContent).toBe('Approved');
    expect(within(mine).getByTestId('signoff-version').textContent).toBe(' · this version');
    expect(within(mine).getByTestId('signoff-signer').textContent).toBe('Alex Morgan, IRB chair · Sandbox IRB');
  }, 120_000);
});
