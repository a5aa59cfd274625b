// Creates the results folder for the summary lines and prints them once every file ran.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { RESULTS_FILE } from './results-file.js';

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-results-'));
  project.provide('reliabilityResultsDir', dir);
  return () => {
    let lines = '';
    try {
      lines = readFileSync(join(dir, RESULTS_FILE), 'utf8');
    } catch {
      lines = '(no summary lines were recorded)\n';
    }
    process.stdout.write(`\nreliability summary\n${lines}`);
    rmSync(dir, { recursive: true, force: true });
  };
}
