// The archive's own checker (docs/protocol.md, "A study archive"): POSIX sh with sha256sum and
// openssl only, so that an inspector verifies a study years later without this app or the
// exchange. It is a shell program, not JavaScript: shipped as text and run by the tests with sh.
export const VERIFY_SH = `#!/bin/sh
# Verifies this study archive with sha256sum and openssl alone:
#  1. every line of SHA256SUMS (each document's line is its contentHash);
#  2. every sign-off: its certificate is the one it names (SHA-1 thumbprint), chains to
#     certificates/trust-anchors.pem, and its key verifies the signature over the exact
#     statement bytes (signoffs/<n>.statement.json, signoffs/<n>.sig).
# One line per check, then a count; the exit status is non-zero when anything fails.
# Certificates are checked as of signing, not today (-no_check_time): archives outlive them.
LC_ALL=C
export LC_ALL
cd "$(dirname "$0")" || exit 2
pass=0
fail=0
ok() { pass=$((pass + 1)); printf 'ok      %s\\n' "$1"; }
bad() { fail=$((fail + 1)); printf 'FAILED  %s\\n' "$1"; }
command -v sha256sum >/dev/null 2>&1 || { echo "verify.sh needs sha256sum" >&2; exit 2; }
command -v openssl >/dev/null 2>&1 || { echo "verify.sh needs openssl" >&2; exit 2; }
[ -f SHA256SUMS ] || { echo "SHA256SUMS is missing" >&2; exit 2; }

while IFS= read -r line; do
  want=\${line%%  *}
  file=\${line#*  }
  case "$file" in
    /* | ../* | */../* | .. | */..) bad "$file: leaves the archive"; continue ;;
  esac
  if [ ! -f "$file" ]; then bad "$file: missing"; continue; fi
  got=$(sha256sum < "$file" | cut -d ' ' -f 1)
  if [ "$got" = "$want" ]; then ok "sha256 $file"; else bad "sha256 $file"; fi
done < SHA256SUMS

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
for statement in signoffs/*.statement.json; do
  [ -f "$statement" ] || continue
  n=\${statement%.statement.json}
  thumb=$(sed -n 's/.*"certificate":"\\([0-9a-f]\\{40\\}\\)".*/\\1/p' "$n.json")
  cert="certificates/$thumb.pem"
  if [ -z "$thumb" ] || [ ! -f "$cert" ]; then bad "$n: certificate missing"; continue; fi
  named=$(openssl x509 -in "$cert" -noout -fingerprint -sha1 | sed 's/.*=//' | tr -d ':' | tr 'A-F' 'a-f')
  if [ "$named" = "$thumb" ]; then ok "$n: certificate is $thumb"; else bad "$n: certificate is not $thumb"; fi
  if openssl verify -no_check_time -CAfile certificates/trust-anchors.pem "$cert" >/dev/null 2>&1; then
    ok "$n: certificate chains to a trust anchor"
  else
    bad "$n: certificate does not chain to a trust anchor"
  fi
  openssl x509 -in "$cert" -noout -pubkey > "$tmp/pub.pem"
  if openssl dgst -sha256 -verify "$tmp/pub.pem" -signature "$n.sig" "$statement" >/dev/null 2>&1; then
    ok "$n: signature"
  else
    bad "$n: signature"
  fi
done

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
`;
