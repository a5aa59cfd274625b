// Which exchange addresses a profile may use. Requests are signed but not encrypted, and the
// directory's certificates decide who receives item keys: over plain HTTP a network attacker
// could swap both. So every profile talks HTTPS, except to this computer (loopback: nothing
// crosses a network) and the sandbox exchange, which the app runs itself.

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why `baseUrl` cannot be used for a profile of `environment`, in words; undefined when it can. */
export function exchangeUrlProblem(baseUrl: string, environment: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'The exchange address is not a web address (https://…).';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return 'The exchange address must start with https://.';
  if (environment === 'sandbox' || isLoopbackHost(url.hostname)) return undefined;
  return `A ${environment} exchange must be reached over https:// (plain http is allowed only on this computer and for the sandbox).`;
}
