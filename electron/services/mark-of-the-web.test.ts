import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOfTheWeb, ZONE_IDENTIFIER } from './mark-of-the-web.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'motw-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Mark-of-the-Web', () => {
  it('writes the Internet zone to the Zone.Identifier stream on Windows', async () => {
    const file = join(dir, 'consent.pdf');
    await writeFile(file, 'x');
    expect(await markOfTheWeb(file, 'win32')).toBe(true);
    // On NTFS this is the file's alternate stream; elsewhere the same name is a plain file.
    expect(await readFile(`${file}:Zone.Identifier`, 'utf8')).toBe(ZONE_IDENTIFIER);
    expect(ZONE_IDENTIFIER).toContain('ZoneId=3');
  });

  it('does nothing where the platform has no such mark', async () => {
    const file = join(dir, 'other.pdf');
    await writeFile(file, 'x');
    expect(await markOfTheWeb(file, 'linux')).toBe(false);
    await expect(readFile(`${file}:Zone.Identifier`)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
