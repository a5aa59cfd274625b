// Host header check: the host name must be the configured one, any port. For 'localhost'
// the loopback literals are accepted too, since clients often dial 127.0.0.1 directly.
function hostNameOf(hostHeader: string): string | undefined {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return undefined;
    const rest = h.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    return h.slice(0, end + 1);
  }
  const m = /^([^:]+)(?::(\d{1,5}))?$/.exec(h);
  return m ? m[1] : undefined;
}

export function hostMatches(hostHeader: string, hostName: string): boolean {
  const name = hostNameOf(hostHeader);
  if (name === undefined) return false;
  const want = hostName.toLowerCase();
  if (name === want) return true;
  return want === 'localhost' && (name === '127.0.0.1' || name === '[::1]');
}
