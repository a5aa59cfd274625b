// Name and version for the User-Agent, read once from package.json (falls back when the
// file is not beside the code, e.g. inside a bundle that inlines the version elsewhere).
import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const APP_VERSION = readVersion();

/** `StudyExchangeDesktop/<version> (<platform>)`: the User-Agent every request carries. */
export function defaultUserAgent(platform: string = process.platform): string {
  return `StudyExchangeDesktop/${APP_VERSION} (${platform})`;
}
