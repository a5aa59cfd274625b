// The transfers panel's one summary line over the batch in progress:
// "3 of 4 · 180 MB of 280 MB · about 20 s left".
import type { TransferView } from '../../../shared/ipc/views.js';
import { formatBytes, formatDuration } from '../../lib/format.js';

const ACTIVE: ReadonlySet<string> = new Set(['queued', 'running', 'paused']);

/**
 * The batch is what is still moving plus what ended since the oldest of those started;
 * undefined when nothing moves (the tabs' counts say the rest).
 */
export function transferSummary(list: readonly TransferView[]): string | undefined {
  const active = list.filter((t) => ACTIVE.has(t.state));
  if (active.length === 0) return undefined;
  const since = active.reduce((min, t) => (t.startedAt && t.startedAt < min ? t.startedAt : min), '\uffff');
  const ended = list.filter((t) => !ACTIVE.has(t.state) && t.state !== 'cancelled' && (t.finishedAt ?? '') >= since);
  const batch = [...active, ...ended];
  const verified = batch.filter((t) => t.state === 'verified').length;
  const total = batch.reduce((sum, t) => sum + t.total, 0);
  const bytes = batch.reduce((sum, t) => sum + (t.state === 'verified' ? t.total : Math.min(t.bytes, t.total)), 0);
  const rate = active.reduce((sum, t) => sum + (t.state === 'running' ? t.rate : 0), 0);
  const left = active.reduce((sum, t) => sum + Math.max(0, t.total - t.bytes), 0);
  const parts = [`${verified} of ${batch.length}`, `${formatBytes(bytes)} of ${formatBytes(total)}`];
  if (rate > 0 && left > 0) parts.push(`about ${formatDuration(Math.ceil(left / rate))} left`);
  return parts.join(' · ');
}
