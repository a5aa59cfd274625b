// `npm run exchange -- --help`.

export const HELP = `Study Exchange reference server

Usage:
  npm run exchange -- serve (--data DIR | --database URL) [--port PORT] [--host NAME] [--bind ADDR] [--trust-ca FILE]...
                            [--max-unverified-bytes N] [--max-uploads-per-org N] [--trust-proxy ADDR]...
                            [--body-stall-ms N] [--min-body-rate N] [--base-path PATH]
  npm run exchange -- sandbox (--data DIR | --database URL) --out DIR
  npm run exchange -- org-add (--data DIR | --database URL) --name NAME [--cert FILE] [--sirb] [--admin]
  npm run exchange -- migrate --database URL
  npm run exchange -- --help

Every command works on one store: a data folder (SQLite and content files, for one server
process) or a PostgreSQL database (postgres://user:password@host:port/name, shared by any
number of server processes); give one of them, not both. Without --data or --database,
EXCHANGE_DATABASE_URL names the database.

serve      Serves the exchange on a data folder (created when missing) or a database.
  --data DIR       data folder: exchange.sqlite, content/, tmp/, trust/
  --database URL   PostgreSQL database: everything is kept there, content too; the schema is
                   migrated first when it is behind. While the database cannot be reached,
                   requests are answered 503 (code 1018) and the server recovers by itself;
                   when it cannot be reached at start, serve says so and exits with status 1.
  --port PORT      TCP port, 0 picks a free one (default 8080)
  --host NAME      host name every request's Host header must carry, any port (default localhost;
                   for localhost the loopback literals 127.0.0.1 and [::1] are accepted too)
  --bind ADDR      address to listen on (default 127.0.0.1)
  --trust-ca FILE  a CA certificate (PEM) to trust; repeatable. With a trust store (any --trust-ca,
                   trust/*.pem in the data folder or CAs in the database, where a sandbox keeps
                   its own; read at each check) the server refuses, with 400 code 1010, every
                   certificate that does not chain to one of its CAs, on organization create
                   and certificate PUT. Without one, any RSA certificate of 2048 bits or more
                   is accepted.
  --max-unverified-bytes N
                   bytes of request bodies read before their signature is verified, across all
                   requests at once (default 1073741824, 1 GiB); over it: 503, code 1018, Retry-After
  --max-uploads-per-org N
                   item uploads of one organization from one peer address at once (default 4);
                   over it: 503, code 1018. One peer address may also hold at most a quarter of
                   --max-unverified-bytes, so a stranger who knows an organization's id cannot
                   keep others' uploads refused
  --trust-proxy ADDR
                   the address of a load balancer or proxy in front of the server; repeatable.
                   For requests from it, the peer address is the right-most address of
                   X-Forwarded-For that is not a trusted proxy; from anyone else the header is
                   ignored
  --body-stall-ms N
                   a body not yet verified that sends nothing for N ms, or less than
                   --min-body-rate on average once N ms have passed, is answered 408 (code
                   1021) and the connection closed (default 30000)
  --min-body-rate N
                   bytes per second (default 16384)
  --base-path PATH the path the exchange is answered below, e.g. /api behind a proxy that passes
                   https://host/api/... on unchanged; clients sign the whole path, prefix
                   included (default: none)
  Logs one line per request: method, path, status, ms, organization id, request id.
  Content of 8 MiB and more is written and read past the page cache (O_DIRECT) where the file
  system allows it, with ordinary I/O elsewhere. Stops cleanly on SIGINT or SIGTERM.

sandbox    Creates a fresh exchange with a local CA (trusted by that store), an Admin
           organization "Sandbox Admin", an sIRB "Sandbox IRB" and two pSites "Riverside Medical
           Center" and "Lakeside University", with 2048-bit keys.
  --data DIR       the new data folder (must be missing or empty)
  --database URL   or a database without organizations
  --out DIR        where to write <slug>.key.pem, <slug>.cert.pem and organizations.json
                   ([{name, id, role: admin|sirb|psite, key, certificate}], file names relative to DIR)

org-add    Registers an organization directly in a store (bootstrap of a real deployment).
  --data DIR       data folder
  --database URL   or database
  --name NAME      organization name (unique, case-insensitively)
  --cert FILE      its certificate (PEM or DER; RSA of at least 2048 bits)
  --sirb           registers it as an sIRB (default: pSite)
  --admin          marks it as an administrator (may create and update organizations)

migrate    Brings a database's schema to this server's version (serve also does it on start).
  --database URL   PostgreSQL database (postgres:// or postgresql://)
`;
