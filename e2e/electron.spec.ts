// The smoke journey in the real Electron app through Playwright's _electron. The Electron
// binary cannot be downloaded on every machine (it cannot here); without it these skip and
// say why.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from '../electron/core/app/electron-binary.js';
import { createStudy, uploadWithoutDescribing } from './support/app-page.js';

const binary = electronBinary();
const reason =
  'No Electron binary on this machine (it is fetched on first use and cannot be downloaded here); the same journey runs through the browser host in smoke.spec.ts.';
if (!binary) console.log(`electron.spec.ts skipped: ${reason}`);

test.describe('Electron app', () => {
  test.skip(!binary, reason);

  test('opens on the sandbox, creates a study and uploads a file that ends verified', async () => {
    const r = spawnSync('node', ['scripts/build-electron.mjs'], { stdio: 'inherit' });
    expect(r.status).toBe(0);
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-electron-'));
    const app = await electron.launch({
      executablePath: binary,
      args: ['.'],
      env: { ...process.env, STUDY_EXCHANGE_DATA: dataDir, STUDY_EXCHANGE_PASSPHRASE: 'e2e passphrase' },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByTestId('active-organization')).toHaveText(/Sandbox IRB/, { timeout: 60_000 });
      await createStudy(page, 'Electron study');
      await page.getByTestId('study-row').first().click();
      // A real file: Electron uploads from the path the preload reads off the File.
      const file = join(dataDir, 'consent.txt');
      await writeFile(file, randomBytes(2048));
      await page.getByTestId('upload-input').setInputFiles(file);
      await uploadWithoutDescribing(page);
      const completed = page.getByTestId('transfers-tab-completed');
      await expect(completed).toHaveText(/Completed \(1\)/, { timeout: 30_000 });
      await page.screenshot({ path: 'e2e/artifacts/electron-file-browser.png' });
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
