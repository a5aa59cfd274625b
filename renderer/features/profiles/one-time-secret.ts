// The one-time box a password travels in from a form to main (adding a profile from PKCS#12,
// a key backup): empty once sent, so react-query's kept mutation variables hold no password.

/** A secret read once: `take()` hands it over and forgets it. */
export class OneTimeSecret {
  #value: string | undefined;
  constructor(value: string) {
    this.#value = value;
  }
  take(): string {
    const value = this.#value ?? '';
    this.#value = undefined;
    return value;
  }
  toJSON(): string {
    return '[secret]';
  }
}
