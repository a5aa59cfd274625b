// Which exchange addresses a profile (or the command line's --base-url) may use. Requests are
// signed but not encrypted, and the directory's certificates decide who receives item keys:
// over plain HTTP a network attacker could swap both. So every exchange is reached over HTTPS,
// except one on this computer, named so that nothing is looked up: 127.0.0.0/8, [::1] or
// `localhost` (the embedded sandbox's own address is one of these). A profile labelled
// "sandbox" gets no exception: the label is the user's, the address decides.

/** 127.0.0.0/8, ::1 and the name localhost: nothing else (no IPv4-mapped ::ffff:127.x, no *.localhost). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why `baseUrl` cannot be used for an exchange of `environment`, in words; undefined when it can. */
export function exchangeUrlProblem(baseUrl: string, environment: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'The exchange address is not a web address (https://…).';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return 'The exchange address must start with https://.';
  if (isLoopbackHost(url.hostname)) return undefined;
  return `A ${environment} exchange must be reached over https:// (plain http is allowed only to this computer: 127.0.0.1, [::1] or localhost).`;
}
