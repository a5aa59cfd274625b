// STUDY_EXCHANGE_PASSPHRASE is read once and removed from this process's environment, so no
// program the app starts (the opener of a hostile document, the file manager, the browser)
// inherits it; every spawn also gets an environment cleaned explicitly.
export const PASSPHRASE_VARIABLE = 'STUDY_EXCHANGE_PASSPHRASE';

/** The passphrase from the environment (undefined when unset or empty), now gone from it. */
export function takePassphrase(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[PASSPHRASE_VARIABLE];
  delete env[PASSPHRASE_VARIABLE];
  return value || undefined;
}

/** The environment for a program the app starts: this one's, without the passphrase. */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean = { ...env };
  delete clean[PASSPHRASE_VARIABLE];
  return clean;
}
