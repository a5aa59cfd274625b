// Screenshots of each journey's main screen go to e2e/artifacts/ (git-ignored).
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';

export const ARTIFACTS = 'e2e/artifacts';

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = `${ARTIFACTS}/${name}.png`;
  await page.screenshot({ path });
  return path;
}
