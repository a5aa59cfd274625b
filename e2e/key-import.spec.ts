// Issue 16: a private key never passes through the window. The page hands the key file to the
// host's staging (as it does a document) and the import call carries only the reference; main
// reads the file, and the staged copy is gone once the key is stored encrypted.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { issueIdentity } from '../shared/protocol/certificates.js';
import { expect, test } from './host-fixture.js';
import { openChromeDialog } from './support/app-page.js';

test('a PEM key goes to main by reference: no call to the app carries it, and no copy stays', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-key-import-'));
  try {
    const identity = issueIdentity('Key Import Clinic');
    await writeFile(join(dir, 'clinic.key'), identity.privateKeyPem);
    await writeFile(join(dir, 'clinic.crt'), identity.certificatePem);
    const keyBody = identity.privateKeyPem.split('\n').filter((l) => l && !l.startsWith('-----'))[1]!;

    const calls: { url: string; body: string }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/call/')) calls.push({ url: r.url(), body: r.postData() ?? '' });
    });

    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    const dialog = await openChromeDialog(page, 'settings');
    await dialog.getByTestId('settings-nav-add').click();
    const form = dialog.getByTestId('profile-add-form');
    await form.getByTestId('profile-add-name').fill('Key Import Clinic');
    await form.getByTestId('profile-add-org-id').fill(randomBytes(16).toString('hex'));
    await form.getByTestId('profile-add-pem-key').setInputFiles(join(dir, 'clinic.key'));
    await form.getByTestId('profile-add-pem-cert').setInputFiles(join(dir, 'clinic.crt'));
    await form.getByTestId('profile-add-submit').click();
    await expect(dialog.getByTestId('settings-status')).toContainText('Profile "Key Import Clinic" added');

    const imports = calls.filter((c) => c.url.endsWith('/api/call/profiles.importPem'));
    expect(imports).toHaveLength(1);
    expect(JSON.parse(imports[0]!.body)).toMatchObject({ keyFile: expect.stringMatching(/^[0-9a-f]{32}$/) });
    for (const c of calls) {
      expect(c.body, c.url).not.toContain('PRIVATE KEY');
      expect(c.body, c.url).not.toContain(keyBody);
    }
    // The staged copy of the key was removed as soon as main read it.
    expect(await readdir(join(host.dataDir, 'staging'))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
