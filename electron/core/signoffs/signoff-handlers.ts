// Main's handlers of the sign-offs feature (docs/protocol.md §10).
import { UserFacingError } from '../../../shared/app-error.js';
import type { Handlers } from '../ipc-door.js';
import type { AppContext } from '../app-context.js';

type SignoffHandlers = Pick<Handlers, Extract<keyof Handlers, `signoffs.${string}`>>;

function notYet(): never {
  throw new UserFacingError(
    'not-yet',
    'Sign-offs are not available yet.',
    'This part of sign-offs is still being built.',
  );
}

export function signoffHandlers(_ctx: AppContext): SignoffHandlers {
  return {
    'signoffs.signer': async () => notYet(),
    'signoffs.setSigner': async () => notYet(),
    'signoffs.setPassphrase': async () => notYet(),
    'signoffs.sign': async () => notYet(),
    'signoffs.forItem': async () => notYet(),
    'signoffs.request': async () => notYet(),
    'signoffs.requestsForItem': async () => notYet(),
    'signoffs.requested': async () => notYet(),
  };
}
