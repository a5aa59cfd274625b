// docs/protocol.md's Sign-offs section says what the code writes: the headers, the meanings and
// the version in the records table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REQUEST_HEADER,
  SIGNOFF_HEADER,
  SIGNOFF_MEANINGS,
  SIGNOFF_RECORD_VERSION,
} from '../../../shared/signoffs/statement.js';

const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/protocol.md'), 'utf8');
const section = doc.slice(doc.indexOf('### Sign-offs')).replace(/\s+/g, ' ');

describe('docs/protocol.md Sign-offs', () => {
  it('gives the headers, the meanings and the version the code writes', () => {
    expect(section).toContain(`Header \`${JSON.stringify(SIGNOFF_HEADER)}\``);
    expect(section).toContain(`\`${JSON.stringify(REQUEST_HEADER)}\``);
    expect(section).toContain(
      SIGNOFF_MEANINGS.map((m) => `\`${m}\``)
        .slice(0, -1)
        .join(', ') + `, \`${SIGNOFF_MEANINGS.at(-1)}\``,
    );
    expect(doc).toContain(`| \`signoff\` | \`${SIGNOFF_RECORD_VERSION}\` |`);
    expect(doc).toContain(`| \`signoff-request\` | \`${SIGNOFF_RECORD_VERSION}\` |`);
  });
});
