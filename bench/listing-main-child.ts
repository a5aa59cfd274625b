// Main's side of the streamed listing bench, in a process of its own as the app's main process
// is beside its window: the organization's client and main's item handlers. Answers go back
// over the IPC channel with 'advanced' serialization: the structured clone Electron's IPC makes.
import { toAppError } from '../shared/app-error.js';
import type { AppContext } from '../electron/core/app-context.js';
import { itemHandlers } from '../electron/core/file-manager/item-handlers.js';
import type { Session } from '../electron/core/profiles/session.js';
import { HeaderCache } from '../electron/core/studies/header-cache.js';
import { clientFor, type OrgJob } from './world.js';

export type MainOp = 'items.listOpen' | 'items.listNext' | 'items.listClose';
export interface MainCall {
  readonly id: number;
  readonly op: MainOp;
  readonly args: Record<string, unknown>;
}

const job = JSON.parse(process.argv[2]!) as OrgJob;
// itemView needs only the profile and its header cache when it does not decrypt
const session = {
  profile: { organizationId: job.orgId },
  client: clientFor(job),
  headers: new HeaderCache(),
} as unknown as Session;
const handlers = itemHandlers({ session: async () => session } as unknown as AppContext);

process.on('message', (m: MainCall | 'close') => {
  if (m === 'close') {
    session.client.close();
    process.disconnect();
    return;
  }
  const handler = handlers[m.op] as (args: unknown) => unknown;
  void Promise.resolve()
    .then(() => handler(m.args))
    .then(
      (value) => process.send!({ id: m.id, ok: true, value }),
      (e: unknown) => process.send!({ id: m.id, ok: false, error: toAppError(e) }),
    );
});
process.send!('ready');
