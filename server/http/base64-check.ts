// Base-64 validation for text that arrives in pieces (RFC 4648 standard alphabet, with
// padding): the streamed `content` field is checked while it is written to disk.
export class Base64Check {
  private length = 0;
  private padding = 0;
  private bad = false;

  feed(text: string): void {
    if (this.bad) return;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 61 /* = */) {
        this.padding++;
        if (this.padding > 2) this.bad = true;
      } else if (this.padding > 0 || !isAlphabet(c)) {
        this.bad = true;
      }
      if (this.bad) return;
    }
    this.length += text.length;
  }

  /** False once a character has ruled the text out. */
  get plausible(): boolean {
    return !this.bad;
  }

  get ok(): boolean {
    return !this.bad && this.length % 4 === 0;
  }

  /** Characters seen (the decoded text's length when ok). */
  get size(): number {
    return this.length;
  }
}

function isAlphabet(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
}
