// Whether a process still runs, for sweeping what a killed process left in the temp folder: the
// app's re-key folders (electron/core/file-manager/clear-copies.ts) and the server's upload
// folders (server/open-store.ts), each named with its process id. Node only.

/** True while `pid` runs; a process of another user (EPERM: no right to signal it) runs too. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
