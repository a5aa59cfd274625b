// Main's handlers of the sign-offs feature (docs/protocol.md §10). The window names documents, a
// meaning and a comment; main builds the statement from the item it reads and checks, and signs
// only with the passphrase given in the same call: the profile's key passphrase when the key is
// sealed with one (the key is decrypted with it, so a wrong one signs nothing), else the signing
// passphrase whose check value signer-store.ts keeps. The first sign-off of a session needs the
// signer's printed name confirmed ('signoffs.setSigner') in that session.
import { UserFacingError, toAppError } from '../../../shared/app-error.js';
import type { SignerView, SigningUnlock } from '../../../shared/signoffs/views.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox, SecretBoxError, scryptOverride } from '../../services/keys/secret-box.js';
import { localDate } from '../../services/signoffs/request-views.js';
import { requestedOfUs, requestsForDocument, type RequestContext } from '../../services/signoffs/signoff-requests.js';
import { SignOffReader } from '../../services/signoffs/signoff-reader.js';
import { SignerStore } from '../../services/signoffs/signer-store.js';
import { writeRequest, writeSignOff, type StatementSigner } from '../../services/signoffs/signoff-writer.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import type { Session } from '../profiles/session.js';
import type { StudySession } from '../studies/study-session.js';
import type { PinStore } from '../trust/pin-store.js';
import { pinnedHistory } from './pinned-history.js';

type SignoffHandlers = Pick<Handlers, Extract<keyof Handlers, `signoffs.${string}`>>;

const wrongPassphrase = () =>
  new UserFacingError(
    'wrong-passphrase',
    'The passphrase is not right; nothing was signed.',
    'Type the passphrase again. Nothing is signed without it.',
  );

/** What the feature keeps for the app's lifetime: readers per session, confirmations per session. */
export interface SignOffsState {
  readonly readers: WeakMap<StudySession, SignOffReader>;
  readonly confirmed: WeakSet<Session>;
  /** A profile's pinned certificates (the app's stores): their history verifies pre-renewal sign-offs. */
  readonly pins?: (profileId: string) => Pick<PinStore, 'accepted'>;
}

export function signOffsState(pins?: SignOffsState['pins']): SignOffsState {
  return { readers: new WeakMap(), confirmed: new WeakSet(), ...(pins ? { pins } : {}) };
}

export function readerOf(state: SignOffsState, s: StudySession): SignOffReader {
  let reader = state.readers.get(s);
  if (!reader) {
    reader = new SignOffReader({
      client: s.client,
      keys: s.keys,
      trustAnchors: () => s.trustAnchors(),
      earlierCertificates: pinnedHistory(() => state.pins?.(s.profile.id)),
    });
    state.readers.set(s, reader);
  }
  return reader;
}

export function requestContext(state: SignOffsState, s: StudySession, now = new Date()): RequestContext {
  return {
    client: s.client,
    keys: s.keys,
    reader: readerOf(state, s),
    organizationName: (id) => s.organizationName(id),
    today: localDate(now),
  };
}

export function signoffHandlers(
  ctx: AppContext,
  state: SignOffsState = signOffsState((id) => ctx.pins(id)),
): SignoffHandlers {
  // the tests' cheaper scrypt, as for the key boxes (never below 2^14)
  const log2N = Math.max(14, scryptOverride(process.env).log2N ?? 17);
  const store = (s: Session) => new SignerStore(ctx.options.dataDir, s.profile.id, log2N);

  async function unlockOf(s: Session): Promise<SigningUnlock> {
    const { boxKind } = await ctx.vault.describe(s.profile.keyRef);
    if (boxKind === 'passphrase') return 'profile';
    return (await store(s).hasPassphrase()) ? 'signing' : 'signing-unset';
  }

  async function signerView(s: Session): Promise<SignerView> {
    const signer = await store(s).signer();
    return { ...signer, confirmedThisSession: state.confirmed.has(s), unlock: await unlockOf(s) };
  }

  /** The key that signs, unlocked by this passphrase, or the error that nothing was signed. */
  async function unlock(s: Session, passphrase: string): Promise<StatementSigner> {
    const how = await unlockOf(s);
    if (how === 'profile') {
      try {
        const handle = await new KeyVault(ctx.options.dataDir, new PassphraseSecretBox(passphrase)).open(
          s.profile.keyRef,
        );
        if (!handle.certificate)
          throw new UserFacingError(
            'no-certificate',
            'This profile\u2019s key has no certificate.',
            'Add the certificate in Settings.',
          );
        return { sign: handle.signer, thumbprint: handle.certificate.thumbprint };
      } catch (e) {
        if (e instanceof SecretBoxError && e.failure === 'wrong-secret') throw wrongPassphrase();
        throw e;
      }
    }
    if (how === 'signing-unset')
      throw new UserFacingError(
        'signing-passphrase-not-set',
        'No signing passphrase is set for this profile yet.',
        'Set a signing passphrase first; it is asked at every sign-off.',
      );
    if (!(await store(s).checkPassphrase(passphrase))) throw wrongPassphrase();
    if (!s.keys.certificate)
      throw new UserFacingError(
        'no-certificate',
        'This profile\u2019s key has no certificate.',
        'Add the certificate in Settings.',
      );
    return { sign: s.keys.signer, thumbprint: s.keys.certificate.thumbprint };
  }

  return {
    'signoffs.signer': async () => signerView(await ctx.session()),
    'signoffs.setSigner': async ({ name, role }) => {
      const s = await ctx.session();
      await store(s).setSigner({ name, ...(role ? { role } : {}) });
      state.confirmed.add(s);
      return signerView(s);
    },
    'signoffs.setPassphrase': async ({ passphrase, current }) => {
      const s = await ctx.session();
      if ((await unlockOf(s)) === 'profile')
        throw new UserFacingError(
          'passphrase-not-needed',
          'This profile signs with its key\u2019s passphrase.',
          'Its key is sealed with a passphrase, which is asked at every sign-off.',
        );
      if (!(await store(s).setPassphrase(passphrase, current))) throw wrongPassphrase();
      return signerView(s);
    },
    'signoffs.sign': async ({ containerId, itemPaths, meaning, comment, passphrase, shareWith }) => {
      const s = await ctx.session();
      const signer = await store(s).signer();
      if (!signer || !state.confirmed.has(s))
        throw new UserFacingError(
          'signer-not-confirmed',
          'Confirm the name you sign with first.',
          'The first sign-off of a session confirms the printed name and role it carries.',
        );
      const key = await unlock(s, passphrase);
      const results = [];
      for (const itemPath of itemPaths) {
        try {
          const written = await writeSignOff(s, key, containerId, itemPath, {
            meaning,
            signer,
            ...(comment ? { comment } : {}),
            shareWith,
          });
          await ctx.record({
            action: 'signoff',
            ok: true,
            study: containerId,
            item: written.statement.documentName,
            detail: meaning,
          });
          results.push({ itemPath, ok: true, signOffPath: written.path });
        } catch (e) {
          await ctx
            .record({ action: 'signoff', ok: false, study: containerId, item: itemPath, detail: meaning })
            .catch(() => undefined);
          results.push({ itemPath, ok: false, error: toAppError(e) });
        }
      }
      return results;
    },
    'signoffs.forItem': async ({ containerId, itemPath }) => {
      const s = await ctx.session();
      const document = await s.client.getItem(containerId, itemPath);
      return readerOf(state, s).forItem(containerId, document, (id) => s.organizationName(id));
    },
    'signoffs.request': async ({ containerId, itemPath, meaning, organizationIds, dueOn, message }) => {
      const s = await ctx.session();
      const written = await writeRequest(s, containerId, itemPath, {
        meaning,
        organizationIds,
        ...(dueOn ? { dueOn } : {}),
        ...(message ? { message } : {}),
      });
      const document = await s.client.getItem(containerId, itemPath);
      const views = await requestsForDocument(requestContext(state, s), containerId, document);
      const view = views.find((v) => v.path === written.item.id.replace(/\|/g, '/'));
      if (!view) throw new Error('the request just written could not be read back');
      return view;
    },
    'signoffs.requestsForItem': async ({ containerId, itemPath }) => {
      const s = await ctx.session();
      const document = await s.client.getItem(containerId, itemPath);
      return requestsForDocument(requestContext(state, s), containerId, document);
    },
    'signoffs.requested': async () => {
      const s = await ctx.session();
      const containers = await s.client.listContainers();
      return requestedOfUs(
        requestContext(state, s),
        containers.map((c) => c.id),
        (id) => s.studyTitle(id),
      );
    },
  };
}
