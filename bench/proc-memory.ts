// Peak memory of a process from /proc (Linux): VmRSS now, VmHWM the peak since start or since
// the last reset. Writing 5 to clear_refs resets the peak to the current RSS, so one long-lived
// process can report the peak of each step on its own.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const MIB = 1024 * 1024;

function statusField(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  if (!m) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(m[1]) * 1024;
}

export const rssBytes = (pid: number | 'self' = 'self'): number => statusField(pid, 'VmRSS');
export const peakRssBytes = (pid: number | 'self' = 'self'): number => statusField(pid, 'VmHWM');

/** Resets VmHWM to the current RSS; false where the kernel does not allow it. */
export function resetPeak(pid: number | 'self' = 'self'): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return peakRssBytes(pid) - rssBytes(pid) < MIB;
  } catch {
    return false;
  }
}

/** A window over one step: the RSS at the start, then the peak increase above it. */
export function memoryWindow(pid: number | 'self' = 'self'): { readonly resetOk: boolean; peakDeltaMiB(): number } {
  const start = rssBytes(pid);
  const resetOk = resetPeak(pid);
  return {
    resetOk,
    peakDeltaMiB: () => Math.max(0, peakRssBytes(pid) - start) / MIB,
  };
}

/** CPU time (user + system, all threads) of a process so far, in seconds, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number | 'self' = 'self'): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name (which may hold spaces) start at state; utime and stime are the 12th and 13th after it
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** USER_HZ: 100 on every Linux Node supports. */
const CLOCK_TICKS = 100;

/**
 * CPU time of a process and of every child it has now (PostgreSQL's postmaster: its backends,
 * WAL writer, checkpointer), plus the children it has already reaped.
 */
export function treeCpuSeconds(parentPid: number): number {
  const text = readFileSync(`/proc/${parentPid}/stat`, 'utf8');
  const own = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === parentPid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS;
}
