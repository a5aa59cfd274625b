// docs/protocol.md's "What a document is" and "Expected documents" say what the code reads and
// writes: the checklist's header, its limit, the header fields' limits, and the statuses in order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checklistHeader, MAX_CHECKLIST_ITEMS } from './checklist.js';
import { PERSON_NAME_MAX, VERSION_LABEL_MAX } from './header-fields.js';
import { FULFILMENT_STATUSES } from './views.js';

const doc = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/protocol.md'), 'utf8');
const fields = doc.slice(doc.indexOf('### What a document is'), doc.indexOf('### Expected documents'));
const checklist = doc.slice(doc.indexOf('### Expected documents')).replace(/\s+/g, ' ');

describe('docs/protocol.md on the binder', () => {
  it('gives the header fields and their limits', () => {
    for (const name of ['docType', 'expiresOn', 'person', 'versionLabel']) expect(fields).toContain(`\`${name}\``);
    expect(fields).toContain(`{"name": 1–${PERSON_NAME_MAX} characters}`);
    expect(fields).toContain(`\`versionLabel\`: 1–${VERSION_LABEL_MAX} characters`);
  });

  it("gives the checklist's header, its limit, and the statuses in the order they are decided", () => {
    expect(checklist).toContain(`Header \`${JSON.stringify(checklistHeader())}\``);
    expect(checklist).toContain(`at most ${MAX_CHECKLIST_ITEMS} items`);
    const named = [...checklist.matchAll(/\*\*([a-z-]+)\*\*/g)].map((m) => m[1]);
    expect(named).toEqual([...FULFILMENT_STATUSES]);
  });
});
