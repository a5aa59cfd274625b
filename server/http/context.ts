// What every route needs: the store, the temporary folder, the clock and the configuration.
import type { Store } from '../store/store.js';
import type { BodyPace } from './body-pace.js';
import type { UnverifiedBudget } from './unverified-budget.js';

export interface AppContext {
  readonly store: Store;
  /** Where request bodies land while they arrive (the only state a server process keeps). */
  readonly tmpDir: string;
  readonly hostName: string;
  /** The path prefix the server answers below ('' for none; base-path.ts). */
  readonly basePath: string;
  /** CAs given on the command line; the store's are read at each check (see certificate-check.ts). */
  readonly trustCaPems: readonly string[];
  readonly maxRequestBytes: number;
  /** What requests may cost before they are authenticated. */
  readonly unverified: UnverifiedBudget;
  /**
   * Whether a signed Service-IrbX-Content-SHA256 is honoured (verified before the body); false
   * acts as the original service, which treats it as any other signed header.
   */
  readonly announcedHash: boolean;
  /** How fast a body not yet verified must keep coming. */
  readonly bodyPace: BodyPace;
  /** Proxies whose X-Forwarded-For names the peer (serve --trust-proxy). */
  readonly trustedProxies: ReadonlySet<string>;
  now(): number;
  log(line: string): void;
}
