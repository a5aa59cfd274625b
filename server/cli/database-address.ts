// A database URL as it may be printed or logged: host, port and database, nothing else. The
// password may be in the user part or in the query (?password=), and other parameters
// (sslkey, options) may hold secrets too.

/** A part of a URL decoded, or as it is when it is not valid percent-encoding. */
export function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function databaseAddress(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return '(a database URL that cannot be read)';
  }
  const q = url.searchParams;
  const host = decoded(url.hostname) || q.get('host') || 'localhost';
  const port = url.port || q.get('port') || '5432';
  return `${host}:${port}/${decoded(url.pathname.slice(1)) || q.get('dbname') || '(default)'}`;
}
