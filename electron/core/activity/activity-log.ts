// What this app did, for monitoring visits: one JSON line per action in the data folder,
// filtered in memory and exported as CSV. Never holds keys or document contents.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { csvLines } from '../../../shared/csv.js';
import type { ActivityEntry } from '../../../shared/ipc/views.js';

export class ActivityLog {
  private entries: ActivityEntry[] | undefined;

  constructor(private readonly file: string) {}

  private async load(): Promise<ActivityEntry[]> {
    if (this.entries) return this.entries;
    try {
      const text = await readFile(this.file, 'utf8');
      this.entries = text
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as ActivityEntry];
          } catch {
            return []; // a torn last line after a crash: skip it
          }
        });
    } catch {
      this.entries = [];
    }
    return this.entries;
  }

  async record(entry: Omit<ActivityEntry, 'time'> & { time?: string }): Promise<void> {
    const full: ActivityEntry = { ...entry, time: entry.time ?? new Date().toISOString() };
    const entries = await this.load();
    entries.push(full);
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, JSON.stringify(full) + '\n', { mode: 0o600 });
  }

  /** Newest first; `action` matches exactly, `text` anywhere in study, item, organization or detail. */
  async list(filter: { action?: string; text?: string } = {}): Promise<ActivityEntry[]> {
    const text = filter.text?.toLowerCase();
    return (await this.load())
      .filter((e) => !filter.action || e.action === filter.action)
      .filter(
        (e) =>
          !text || [e.profile, e.study, e.item, e.organization, e.detail].some((v) => v?.toLowerCase().includes(text)),
      )
      .slice()
      .reverse();
  }

  async exportCsv(filter: { action?: string; text?: string } = {}): Promise<string> {
    return toCsv(await this.list(filter));
  }
}

const COLUMNS = ['time', 'profile', 'action', 'ok', 'study', 'item', 'organization', 'detail'] as const;

export function toCsv(entries: readonly ActivityEntry[]): string {
  return csvLines([COLUMNS, ...entries.map((e) => COLUMNS.map((c) => e[c]))]);
}
