// The sandbox's CA names each organization in its certificate (SAN urn:study-exchange:org:<id>),
// so the app refuses any of them presented for another organization outright.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namedOrganizations } from '../shared/protocol/organization-name.js';
import { createSandbox } from './sandbox.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sandbox certificates', () => {
  it('name the organization they were issued for, and only it', async () => {
    const members = await createSandbox({ dataDir: join(dir, 'data'), outDir: join(dir, 'out') });
    expect(members).toHaveLength(4);
    for (const m of members)
      expect(namedOrganizations(readFileSync(join(dir, 'out', m.certificate), 'utf8'))).toEqual([m.id]);
  });
});
