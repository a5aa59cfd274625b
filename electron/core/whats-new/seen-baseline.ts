// A profile's seen state written as "everything listed now was seen": the sandbox writes it for
// its sIRB before a demo site's upload, so that upload alone is New on the first run (a first
// listing marks nothing New otherwise).
import type { Item } from '../../../shared/types.js';
import type { ExchangeClient } from '../../services/exchange-client.js';
import { SeenStore, type StudySeen } from './seen-store.js';
import { newestOf, rememberedVersion } from './study-diff.js';

export async function writeSeenBaseline(client: ExchangeClient, file: string): Promise<void> {
  const self = client.organizationId;
  const studies: Record<string, StudySeen> = {};
  for (const c of await client.listContainers()) {
    const answer = await client.listItems(c.id, undefined, { recurse: true });
    const items: Item[] = Array.isArray(answer) ? answer : [answer];
    const watermark = newestOf(items);
    const known = Object.fromEntries(items.map((i) => [i.id, rememberedVersion(i, self)]));
    studies[c.id] = { ...(watermark ? { watermark } : {}), known, unseen: [] };
  }
  await new SeenStore(file).save({ version: 1, studies, changes: [] });
}
