// The sandbox's binder on first run and after Reset sandbox: the demo study's checklist, Riverside
// with most items sent (its GCP training expiring in 20 days), Lakeside missing two, one overdue.
// The app core through the door, against the embedded sandbox exchange.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BinderView } from '../../../shared/binder/views.js';
import { scratchAppCore, type CoreCall, type ScratchAppCore } from '../test-support/app-core.js';
import { DEMO_STUDIES } from './sandbox-demo.js';

let app: ScratchAppCore;
let call: CoreCall;

beforeAll(async () => {
  ({ call } = app = await scratchAppCore('sandbox-binder-'));
}, 120_000);
afterAll(() => app?.close());

/** Each site's row as "item: status (days left)". */
function rows(binder: BinderView): Record<string, string[]> {
  const names = new Map(binder.organizations.map((o) => [o.id, o.name]));
  const out: Record<string, string[]> = {};
  for (const c of binder.cells)
    (out[names.get(c.organizationId)!] ??= []).push(
      `${c.itemId}: ${c.status}${c.daysLeft !== undefined && c.status === 'expiring' ? ` ${c.daysLeft}` : ''}`,
    );
  return out;
}

async function demoBinder(): Promise<BinderView> {
  const study = (await call('containers.list', {})).find((s) => s.title === DEMO_STUDIES[0]!.fields.title)!;
  return call('binder.status', { containerId: study.id });
}

const EXPECTED = {
  'Riverside Medical Center': [
    'reliance-agreement: received',
    'pi-cv: received',
    'gcp-training: expiring 20',
    'local-context: missing',
    'coi-disclosure: received',
  ],
  'Lakeside University': [
    'reliance-agreement: received',
    'pi-cv: received',
    'gcp-training: received',
    'local-context: missing',
    'coi-disclosure: overdue',
  ],
};

describe('the sandbox binder', () => {
  it('shows every kind of status on first run, and Reset sandbox brings it back', async () => {
    const first = await demoBinder();
    expect(first.ownedByMe).toBe(true);
    expect(first.problems).toEqual([]);
    expect(rows(first)).toEqual(EXPECTED);
    expect(first.organizationSummaries.map((s) => [s.fulfilled, s.expected])).toEqual([
      [4, 5],
      [3, 5],
    ]);
    // what expires is in the expiring view too
    const expiring = await call('binder.expiring', {});
    expect(expiring.documents.map((d) => `${d.ownerName}: ${d.typeName} ${d.daysLeft}`)).toEqual([
      'Riverside Medical Center: GCP training certificate 20',
    ]);

    // the user changes it: the checklist emptied
    await call('binder.setChecklist', { containerId: first.containerId, items: [] });
    expect((await demoBinder()).cells).toEqual([]);
    await call('sandbox.reset', {});
    expect(rows(await demoBinder())).toEqual(EXPECTED);
  }, 240_000);
});
