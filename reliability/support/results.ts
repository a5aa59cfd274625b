// Summary lines of the run: each test file records its line in a shared results folder
// (provided by the global setup), prints it itself, and the global teardown prints all of
// them again at the very end of the run.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    reliabilityResultsDir: string;
  }
}

import { RESULTS_FILE } from './results-file.js';

export function recordSummary(line: string): void {
  console.log(line);
  const dir = inject('reliabilityResultsDir');
  if (dir) appendFileSync(join(dir, RESULTS_FILE), `${line}\n`);
}
