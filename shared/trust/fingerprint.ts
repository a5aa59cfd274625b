// A fingerprint people can read aloud to each other: the SHA-256 of the certificate (hex, as
// main computes it) in groups of four upper-case hex digits.
export function groupFingerprint(sha256Hex: string): string {
  return (
    sha256Hex
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}
