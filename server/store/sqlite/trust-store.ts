// CA certificates the data folder trusts (DATA/trust/*.pem, written by `sandbox`), merged
// with the ones given on the command line.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function trustDir(dataDir: string): string {
  return join(dataDir, 'trust');
}

export function loadTrustedCas(dataDir: string): string[] {
  const dir = trustDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pem'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

export function addTrustedCa(dataDir: string, name: string, pem: string): void {
  mkdirSync(trustDir(dataDir), { recursive: true });
  writeFileSync(join(trustDir(dataDir), `${name}.pem`), pem);
}
