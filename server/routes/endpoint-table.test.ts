// docs/protocol.md §2's endpoint table is the server's root document, row for row: the
// document another implementer builds against lists exactly the endpoints served, with the
// roles the pipeline enforces.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RootDocument } from '../../shared/types.js';
import { createWorld, type World } from '../test-support/world.js';

const doc = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/protocol.md'), 'utf8');
const section = doc.slice(doc.indexOf('## 2. Endpoints'), doc.indexOf('## 3.'));

/** `METHOD path roles` of each row of the table: | `GET` | `/path` | sIRB, pSite | ... | */
const rows = [...section.matchAll(/^\| `([A-Z]+)` \| `([^`]+)` \| ([A-Za-z, ]+) \|/gm)].map(
  (m) => `${m[1]} ${m[2]} ${m[3]!.trim()}`,
);

describe('docs/protocol.md §2 and the root document', () => {
  let w: World;
  let root: RootDocument;
  beforeAll(async () => {
    w = await createWorld();
    const r = await w.client.get(w.sirb, '/');
    expect(r.status).toBe(200);
    root = r.json() as RootDocument;
  });
  afterAll(async () => {
    await w.close();
  });

  it('lists every endpoint served, with its path and roles as the root document writes them', () => {
    const served = root.endpoints.map((e) => `${e.method} ${e.path} ${e.roles.join(', ')}`);
    expect(rows.length).toBeGreaterThan(20);
    expect([...rows].sort()).toEqual([...served].sort());
  });

  it("gives the root document's name and version", () => {
    const prose = section.replace(/\s+/g, ' ');
    expect(prose).toContain(`\`name\` is \`${root.name}\``);
    expect(prose).toContain(`its \`version\` is the string \`"${root.version}"\``);
  });
});
