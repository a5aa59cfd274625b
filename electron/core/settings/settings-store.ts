// The app's settings, stored atomically in the data folder.
import { join } from 'node:path';
import type { Settings } from '../../../shared/ipc/views.js';
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';
import { DEFAULT_EXPIRY_WARNING_DAYS, EXPIRY_WARNING_DAYS } from '../../../shared/binder/views.js';

const DEFAULTS: Settings = {
  theme: 'system',
  transferConcurrency: 3,
  shareUploadsWithOwner: {},
  notifications: false,
  notificationsHideNames: false,
  expiryWarningDays: DEFAULT_EXPIRY_WARNING_DAYS,
};

export class SettingsStore {
  private cached: Settings | undefined;
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'settings.json');
  }

  async get(): Promise<Settings> {
    if (!this.cached) {
      const read = { ...DEFAULTS, ...((await readJsonFile<Partial<Settings>>(this.file)) ?? {}) };
      // a hand-edited file may say anything: only the periods Preferences offers count
      if (!(EXPIRY_WARNING_DAYS as readonly unknown[]).includes(read.expiryWarningDays))
        read.expiryWarningDays = DEFAULT_EXPIRY_WARNING_DAYS;
      this.cached = read;
    }
    return this.cached;
  }

  async update(patch: Partial<Settings>): Promise<Settings> {
    const next = { ...(await this.get()), ...patch };
    await writeJsonAtomic(this.file, next);
    this.cached = next;
    return next;
  }

  /** pSite profiles share new uploads with the study's owner unless turned off. */
  async shareUploadsWithOwner(profileId: string, isSirb: boolean): Promise<boolean> {
    return (await this.get()).shareUploadsWithOwner[profileId] ?? !isSirb;
  }
}
