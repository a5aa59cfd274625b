// Acting as one organization: what the app's profile session, the command-line tool and the
// transfer queue all hold.
import type { ExchangeClient } from './exchange-client.js';
import type { KeyHandle } from './keys/key-vault.js';

export interface ExchangeSession {
  /** Signs every request with the organization's key. */
  readonly client: ExchangeClient;
  /** The key handle; the private key itself stays in the vault. */
  readonly keys: KeyHandle;
}
