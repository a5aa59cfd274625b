// docs/protocol.md §7 (Records) says what the client writes: the type and version of each
// record it makes, the study record's fields, the receipt's header, actions and path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STUDY_FIELD_NAMES, studyRecordHeader } from '../../shared/study-record.js';
import { HEADER_VERSION } from '../../shared/types.js';
import { RECEIPT_ACTIONS, RECEIPT_HEADER, receiptPath } from './receipts/receipt-record.js';

const doc = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/protocol.md'), 'utf8');
const section = doc.slice(doc.indexOf('## 7. Records'));
const prose = section.replace(/\s+/g, ' ');

/** `type` → `version` from the table: | `study` | `IRBX.2` | ... | */
const versions = new Map([...section.matchAll(/^\| `([a-z-]+)` \| `([A-Z0-9.]+)` \|/gm)].map((m) => [m[1]!, m[2]!]));

describe('docs/protocol.md §7 Records', () => {
  it('gives the version the client writes for each record type it makes', () => {
    expect(versions.get('document')).toBe(HEADER_VERSION);
    expect(versions.get('study')).toBe(studyRecordHeader({ type: 'study', version: 'x', title: 'T' }).version);
    expect(versions.get('receipt')).toBe(RECEIPT_HEADER.version);
  });

  it("lists the study record's fields", () => {
    const fields = /its content is JSON `\{([^`]+)\}`/.exec(prose)?.[1] ?? '';
    // every quoted word but the record's own type and version, and the investigator's parts
    const named = new Set([...fields.matchAll(/"(\w+)"/g)].map((m) => m[1]));
    for (const other of ['type', 'version', 'study', 'name', 'email']) named.delete(other);
    expect([...named]).toEqual([...STUDY_FIELD_NAMES]);
  });

  it("gives the receipt's header and actions", () => {
    expect(prose).toContain(`Header: \`${JSON.stringify(RECEIPT_HEADER)}\``);
    expect(prose).toContain(`"action":${RECEIPT_ACTIONS.map((a) => `"${a}"`).join('|')}`);
  });

  it("gives the receipt's path for the example shown", () => {
    const m = /organization `([0-9a-f]{32})` receiving the document `([^`]+)` writes its receipt at:/.exec(prose);
    expect(m).not.toBeNull();
    const block = /<!-- example:receipt-path -->\n```text\n(.+)\n```/.exec(section)?.[1];
    expect(block).toBe(receiptPath(m![1]!, m![2]!));
  });
});
