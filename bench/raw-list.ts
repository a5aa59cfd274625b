// Fallback for the listing when the client core refuses the answer (its 64 MiB read cap):
// the same signed GET, sent with the client's own transport, read without the cap and parsed.
// It measures the server and the wire; the report says the client itself could not.
import { randomBytes } from 'node:crypto';
import type { Item } from '../shared/types.js';
import { EMPTY_PAYLOAD_HASH, keySigner, signRequest } from '../shared/protocol/signing.js';
import { readAll, sendRequest } from '../electron/services/http-transport.js';
import { toSinceParameter } from '../electron/services/timestamps.js';
import { defaultUserAgent } from '../electron/services/app-info.js';
import type { OrgJob } from './world.js';

export async function rawListItems(org: OrgJob, since?: string): Promise<Item[]> {
  const url = new URL(`${org.url}/containers/${org.containerId}/items`);
  url.search = new URLSearchParams([
    ['recurse', 'true'],
    ...(since ? [['since', toSinceParameter(since)]] : []),
  ]).toString();
  const signed = signRequest(
    {
      method: 'GET',
      target: url.pathname + url.search,
      host: url.host,
      organizationId: org.orgId,
      requestId: randomBytes(16).toString('hex'),
      date: new Date(),
      payloadHash: EMPTY_PAYLOAD_HASH,
    },
    keySigner(org.keyPem),
  );
  const res = await sendRequest({
    url,
    method: 'GET',
    headers: { ...signed.headers, Accept: 'application/json', 'User-Agent': defaultUserAgent() },
  });
  const body = await readAll(res, 1024 * 1024 * 1024);
  if (res.statusCode !== 200)
    throw new Error(`GET items answered ${res.statusCode}: ${body.toString('utf8').slice(0, 200)}`);
  return JSON.parse(body.toString('utf8')) as Item[];
}
