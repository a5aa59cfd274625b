// @vitest-environment happy-dom
// What the file list says while a study's listing streams in (pages released one by one) and when
// it breaks off part way: the count so far, then "stopped after N items" with a Retry that
// completes the list and clears the message.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import { ApiProvider } from '../../data/api-context.js';
import { withChanges, type ItemsCache } from './items-cache.js';
import { refreshSince, useItems } from './items.js';
import { keys } from '../../data/query-keys.js';
import { doc } from '../../test-support/fixtures.js';
import { docs, streamingService } from '../../test-support/streaming-listing.js';
import { ListingStatus } from './listing-status.js';

afterEach(cleanup);

const key = keys.items('p', 'c'.repeat(32));

function Listing() {
  const items = useItems('p', 'c'.repeat(32));
  return (
    <>
      <ListingStatus items={items} />
      <output data-testid="rows">{items.data?.items.length ?? 0}</output>
    </>
  );
}

function renderListing(api: ExchangeApi): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>
        <Listing />
      </QueryClientProvider>
    </ApiProvider>,
  );
  return client;
}

/** A listing of 5 that breaks off after its first page of 2, shown with its message. */
async function brokenOff() {
  const service = streamingService([docs(0, 2), docs(2, 5)], { failAt: 1 });
  const client = renderListing(service.api);
  await service.release();
  await screen.findByTestId('error-display');
  return { service, client };
}

describe('ListingStatus', () => {
  it('says how many items have come while pages arrive, and nothing once the list is whole', async () => {
    const service = streamingService([docs(0, 2), docs(2, 5), docs(5, 1_205)]);
    const client = renderListing(service.api);
    // nothing listed yet: the list's own "Loading files…" speaks, not this line
    expect(screen.queryByTestId('files-streaming')).toBeNull();
    await service.release();
    const line = await screen.findByTestId('files-streaming');
    expect(line.getAttribute('role')).toBe('status');
    expect(line.textContent).toBe('Loading the list… 2 items so far');
    await service.release();
    await waitFor(() =>
      expect(screen.getByTestId('files-streaming').textContent).toBe('Loading the list… 5 items so far'),
    );
    await service.release();
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('1205'));
    await waitFor(() => expect(screen.queryByTestId('files-streaming')).toBeNull());
    expect(screen.queryByTestId('error-display')).toBeNull();
    client.clear();
  });

  it('says where the list stopped and that those items are shown; Retry completes it and the message goes', async () => {
    const service = streamingService([docs(0, 2), docs(2, 5)], { failAt: 1 });
    const client = renderListing(service.api);
    await service.release();
    const failure = await screen.findByTestId('error-display');
    expect(failure.querySelector('.error-context')?.textContent).toBe(
      'The list stopped loading after 2 items; those are shown.',
    );
    expect(screen.getByTestId('error-code').textContent).toBe('network');
    expect(screen.queryByTestId('files-streaming')).toBeNull();
    expect(screen.getByTestId('rows').textContent).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await service.release();
    await service.release();
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('5'));
    await waitFor(() => expect(screen.queryByTestId('error-display')).toBeNull());
    expect(screen.queryByTestId('files-streaming')).toBeNull();
    expect(service.opened()).toBe(2);
    client.clear();
  });

  it('a header load or an upload after the break keeps the message and its Retry: the list is still partial', async () => {
    const { client } = await brokenOff();
    // as loadHeaders does for the rows in view: a setQueryData, which clears the query's error
    const header = { ...docs(0, 1)[0]!, decryptedHeader: doc('consent.pdf', 10) };
    await act(async () => {
      client.setQueryData<ItemsCache>(key, (c) => withChanges(c, [header]));
      await new Promise((resolve) => setTimeout(resolve, 20)); // the query's observers hear of it on a timer
    });
    expect(client.getQueryState(key)?.error).toBeNull();
    expect(screen.getByTestId('error-display').querySelector('.error-context')?.textContent).toBe(
      'The list stopped loading after 2 items; those are shown.',
    );
    expect(screen.getByTestId('error-code').textContent).toBe('network');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    client.clear();
  });

  it('an upload finishing on a partial list lists it whole again, not only what changed since', async () => {
    const { service, client } = await brokenOff();
    // the listing is in path order: the missing tail is older than the newest item seen, `since` would never bring it
    const refreshed = refreshSince(service.api, client, 'p', 'c'.repeat(32));
    await service.release();
    await service.release();
    await refreshed;
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('5'));
    expect(service.opened()).toBe(2);
    expect(screen.queryByTestId('error-display')).toBeNull();
    expect(client.getQueryData<ItemsCache>(key)?.incomplete).toBeUndefined();
    client.clear();
  });

  it('before any page came, a failure says the files could not be loaded', async () => {
    const service = streamingService([docs(0, 2)], { failAt: 0 });
    const client = renderListing(service.api);
    const failure = await screen.findByTestId('error-display');
    expect(failure.querySelector('.error-context')?.textContent).toBe('The files of this study could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    client.clear();
  });
});
