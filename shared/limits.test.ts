import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operations } from './ipc/contract.js';
import {
  MAX_CERTIFICATE_BYTES,
  MAX_CHECKLIST_BYTES,
  MAX_CHECKLIST_ITEMS,
  MAX_JSON_BODY_BYTES,
  MAX_ORGANIZATION_NAME,
  MAX_REQUEST_BYTES,
  MAX_SEGMENT_LENGTH,
  MAX_SEGMENTS,
  MAX_SMALL_RECORD_BYTES,
} from './limits.js';

const protocol = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/protocol.md'),
  'utf8',
).replace(/\s+/g, ' ');

/** The text of one `## N.` section of docs/protocol.md, white space folded. */
function section(n: number): string {
  const start = protocol.indexOf(`## ${n}. `);
  const end = protocol.indexOf(`## ${n + 1}. `, start);
  expect(start).toBeGreaterThanOrEqual(0);
  return protocol.slice(start, end < 0 ? undefined : end);
}

describe('shared limits', () => {
  // Each limit is stated in docs/protocol.md; the server and the client import it from limits.ts.
  it('say what docs/protocol.md §6 says', () => {
    const limits = section(6);
    expect(limits).toContain(`at most 300 MiB (${MAX_REQUEST_BYTES.toLocaleString('en-US')} bytes)`);
    expect(limits).toContain(`1 MiB, ${MAX_JSON_BODY_BYTES.toLocaleString('en-US')} bytes (one byte more is 1009)`);
    expect(MAX_CERTIFICATE_BYTES).toBe(MAX_JSON_BODY_BYTES);
    expect(limits).toContain('and so is a certificate (1010)');
    expect(limits).toContain(`1 to ${MAX_SEGMENTS} segments`);
    expect(limits).toContain(`each 1 to ${MAX_SEGMENT_LENGTH} code points`);
    expect(limits).toContain(`Organization names: 1 to ${MAX_ORGANIZATION_NAME} characters after trimming`);
  });

  it('say what docs/protocol.md §7 says of records', () => {
    const records = section(7);
    expect(records).toContain(`A client reads at most ${MAX_SMALL_RECORD_BYTES / 1024} KiB of the content`);
    expect(records).toContain(`or larger than ${MAX_CHECKLIST_BYTES / (1024 * 1024)} MiB`);
    expect(records).toContain(`at most ${MAX_CHECKLIST_ITEMS} items`);
  });

  it('bound the contract: an organization name one character over is refused at the door', () => {
    const create = operations['admin.createOrganization'].args;
    expect(create.safeParse({ name: 'n'.repeat(MAX_ORGANIZATION_NAME), isSirb: false }).success).toBe(true);
    expect(create.safeParse({ name: 'n'.repeat(MAX_ORGANIZATION_NAME + 1), isSirb: false }).success).toBe(false);
    const put = operations['admin.putCertificate'].args;
    const cert = (n: number) => ({
      organizationId: 'a'.repeat(32),
      certificateBase64: 'A'.repeat(n),
      mediaType: 'application/pkix-cert' as const,
    });
    expect(put.safeParse(cert(MAX_CERTIFICATE_BYTES)).success).toBe(true);
    expect(put.safeParse(cert(MAX_CERTIFICATE_BYTES + 1)).success).toBe(false);
  });
});
