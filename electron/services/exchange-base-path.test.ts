// An exchange address with a path (https://host/api): the app's client signs the whole path,
// prefix included (docs/protocol.md §3), against the reference server answering below /api.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from './test-support/exchange-fixture.js';

let f: ExchangeFixture;
beforeAll(async () => {
  f = await startFixture({ basePath: '/api' });
});
afterAll(async () => {
  await f.close();
});

describe('an exchange address with a base path', () => {
  it('signs and sends every path below it, with and without a body', async () => {
    const client = f.clientFor(f.sirb, { baseUrl: `${f.url}/api` });
    const made = await client.createContainer();
    expect((await client.getContainer(made.id)).id).toBe(made.id);
    expect((await client.listContainers()).map((c) => c.id)).toEqual([made.id]);
    // the trailing slash is the same address
    const slashed = f.clientFor(f.sirb, { baseUrl: `${f.url}/api/` });
    expect(await slashed.pingSite()).toBe('pong');
  });

  it('without the base path nothing is there', async () => {
    await expect(f.sirb.client.listContainers()).rejects.toMatchObject({ code: 1015 });
  });
});
