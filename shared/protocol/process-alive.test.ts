// The one check both sweeps use before removing a folder named for a process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { processAlive } from './process-alive.js';

describe('processAlive', () => {
  it('is true for a running process and false once it has exited', async () => {
    expect(processAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(processAlive(child.pid!)).toBe(false);
  });
});
