// The fixture's cut keeps the exchange's port: while cut, its clients' requests fail as a dropped
// network does (NetworkError) and nothing else can listen there; uncut, the same clients and data
// answer again. A cut by request line fails only the requests it names.
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NetworkError } from '../exchange-errors.js';
import { startFixture, type ExchangeFixture } from './exchange-fixture.js';

let fx: ExchangeFixture;

beforeAll(async () => {
  fx = await startFixture({}, { cuttable: true });
}, 60_000);

afterAll(async () => {
  await fx?.close();
});

const listenOn = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const other = createServer();
    other.once('error', reject);
    other.listen(port, '127.0.0.1', () => other.close(() => resolve()));
  });

it('while cut, requests fail as a dropped network and the port stays the fixture’s; uncut, they answer', async () => {
  const study = await fx.sirb.client.createContainer();
  fx.cut();
  try {
    await expect(fx.sirb.client.getContainer(study.id)).rejects.toBeInstanceOf(NetworkError);
    await expect(listenOn(fx.port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  } finally {
    fx.uncut();
  }
  expect(fx.cuts).toBeGreaterThan(0);
  expect((await fx.sirb.client.getContainer(study.id)).id).toBe(study.id);
});

it('a cut by request line fails only the requests it names', async () => {
  const kept = await fx.sirb.client.createContainer();
  const cutOff = await fx.sirb.client.createContainer();
  const before = fx.cuts;
  fx.cut((line) => line.includes(cutOff.id));
  try {
    await expect(fx.sirb.client.getContainer(cutOff.id)).rejects.toBeInstanceOf(NetworkError);
    expect((await fx.sirb.client.getContainer(kept.id)).id).toBe(kept.id);
  } finally {
    fx.uncut();
  }
  expect(fx.cuts).toBeGreaterThan(before);
});
