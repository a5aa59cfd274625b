import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityLog, toCsv } from './activity-log.js';

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('activity log', () => {
  it('persists entries, lists newest first, filters, and survives a torn line', async () => {
    dir = await mkdtemp(join(tmpdir(), 'activity-'));
    const file = join(dir, 'activity.jsonl');
    const log = new ActivityLog(file);
    await log.record({ profile: 'IRB', action: 'upload', ok: true, study: 's1', item: 'docs/a.pdf' });
    await log.record({
      profile: 'IRB',
      action: 'grant',
      ok: true,
      study: 's1',
      item: 'docs/a.pdf',
      organization: 'Riverside',
    });
    await log.record({
      profile: 'IRB',
      action: 'upload',
      ok: false,
      study: 's1',
      item: 'docs/b.pdf',
      detail: 'network',
    });
    const { appendFile } = await import('node:fs/promises');
    await appendFile(file, '{"torn":');

    const reread = new ActivityLog(file);
    const all = await reread.list();
    expect(all.map((e) => e.action)).toEqual(['upload', 'grant', 'upload']);
    expect(all[0]?.ok).toBe(false);
    expect((await reread.list({ action: 'grant' })).length).toBe(1);
    expect((await reread.list({ text: 'riverside' })).length).toBe(1);
    expect(await readFile(file, 'utf8')).not.toContain('PRIVATE KEY');
  });

  it('exports CSV with quoting and formula neutralisation', () => {
    const csv = toCsv([
      { time: 't', profile: 'A, "B"', action: 'upload', ok: true, item: '=cmd()', detail: 'two\nlines' },
    ]);
    const [head, row] = csv.split('\r\n');
    expect(head).toBe('time,profile,action,ok,study,item,organization,detail');
    expect(row).toContain('"A, ""B"""');
    expect(row).toContain("'=cmd()");
    expect(csv).toContain('"two\nlines"');
  });
});
