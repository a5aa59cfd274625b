// The embedded sandbox shows "what's new" on first run: a demo site's enrolment report the sIRB
// has not seen is New and in Changes; opening it clears it; Reset sandbox brings it back. The
// app core through the door, against the embedded sandbox exchange.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { DEMO_STUDIES } from './sandbox-demo.js';
import { scratchAppCore, type CoreCall, type ScratchAppCore } from '../test-support/app-core.js';

let app: ScratchAppCore;
let call: CoreCall;

beforeAll(async () => {
  ({ call } = app = await scratchAppCore('sandbox-new-'));
}, 120_000);
afterAll(() => app?.close());

/** Every New path, after a refresh. */
async function newPaths(): Promise<string[]> {
  await call('changes.refresh', {});
  return Object.values((await call('changes.unseen', {})).byStudy).flat();
}

describe('the sandbox on first run', () => {
  it('shows the demo site’s report as New, clears it once opened, and brings it back on reset', async () => {
    const [study] = await call('containers.list', {});
    expect(study!.title).toBe(DEMO_STUDIES[0]!.fields.title);
    // a window shows: main's refresh runs at once and tells it what is New
    const told = new Promise<EventPayloads['changes.unseen']>((resolve) => {
      const off = app.core.onEvent((event, payload) => {
        if (event !== 'changes.unseen') return;
        off();
        resolve(payload as EventPayloads['changes.unseen']);
      });
    });
    await call('changes.setVisible', { visible: true });
    expect(Object.keys((await told).byStudy)).toEqual([study!.id]);
    await call('changes.setVisible', { visible: false });
    const [report, ...others] = await newPaths();
    expect(others).toEqual([]);
    expect(report).toMatch(/^Site documents\/Riverside Medical Center\/[0-9a-f]{32}$/);
    expect(Object.keys((await call('changes.unseen', {})).byStudy)).toEqual([study!.id]);
    expect(await call('changes.list', {})).toEqual([
      expect.objectContaining({
        containerId: study!.id,
        studyTitle: study!.title,
        itemPath: report,
        name: 'enrolment-report-march-2026.pdf',
        kind: 'added',
        byName: 'Riverside Medical Center',
        unseen: true,
      }),
    ]);

    const opened = await call('transfers.download', { containerId: study!.id, itemPath: report!, mode: 'open' });
    expect(opened.kind).toBe('opened');
    expect(await call('changes.unseen', {})).toEqual({ byStudy: {} });
    expect((await call('changes.list', {}))[0]).toMatchObject({ itemPath: report, unseen: false });

    await call('sandbox.reset', {});
    expect(await newPaths()).toEqual([expect.stringMatching(/^Site documents\/Riverside Medical Center\//)]);
    // "Mark as seen" on the folder above it
    const [again] = await call('containers.list', {});
    expect(await call('changes.markSeen', { containerId: again!.id, folderPath: 'Site documents' })).toEqual({
      byStudy: {},
    });
    expect(await call('changes.setVisible', { visible: false })).toBeNull();
  }, 180_000);
});
