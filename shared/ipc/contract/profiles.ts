// Profiles: adding one (PEM, PKCS#12 or a key made here), switching, editing, removing, and
// the connection check. Spread into `operations` in contract.ts.
import { z } from 'zod';
import { hexId, id, none, pem, profile } from '../args.js';
import { answers, op } from '../op.js';
import { ENVIRONMENTS, type ConnectionCheck, type ProfileView } from './profiles-views.js';

const baseUrl = z.string().url().max(2000);
/** What every way of adding a profile asks besides the key. */
const newProfileFields = {
  name: z.string().min(1).max(100),
  environment: z.enum(ENVIRONMENTS),
  baseUrl,
  organizationId: hexId,
  /** The organization is an administrator of the exchange (not visible in its directory entry). */
  administrator: z.boolean().optional(),
};

export const profilesOperations = {
  'profiles.list': op(none, answers<ProfileView[]>()),
  'profiles.switch': op(profile, answers<ProfileView>()),
  // Key files travel by reference (files.pick in Electron, the browser host's staging): main
  // reads them, the window never holds a private key. The PKCS#12 password is the one secret typed.
  'profiles.importPem': op(
    z.strictObject({ ...newProfileFields, keyFile: id.optional(), pendingKeyId: id.optional(), certificatePem: pem }),
    answers<ProfileView>(),
  ),
  /** The consortium's CA certificates (a PEM bundle; public) a grantee's certificate must chain to. */
  'profiles.setTrustAnchors': op(
    z.strictObject({
      profileId: id,
      certificatesPem: z
        .string()
        .min(1)
        .max(512 * 1024),
    }),
    answers<ProfileView>(),
  ),
  'profiles.importPkcs12': op(
    z.strictObject({ ...newProfileFields, pkcs12File: id, password: z.string().max(1024) }),
    answers<ProfileView>(),
  ),
  'profiles.generateKey': op(
    z.strictObject({
      commonName: z.string().min(1).max(64),
      organization: z.string().max(64).optional(),
      country: z.string().length(2).optional(),
      bits: z.union([z.literal(2048), z.literal(3072), z.literal(4096)]).optional(),
    }),
    answers<{ pendingKeyId: string; csrPem: string }>(),
  ),
  'profiles.update': op(
    profile.extend({
      name: newProfileFields.name.optional(),
      environment: newProfileFields.environment.optional(),
      baseUrl: baseUrl.optional(),
    }),
    answers<ProfileView>(),
  ),
  'profiles.remove': op(profile, answers<ProfileView[]>()),

  'connection.check': op(none, answers<ConnectionCheck>()),
} as const;

export interface ProfilesEventPayloads {
  'profile.switched': ProfileView;
  /** A profile changed outside a call's answer (its backup fetched by the browser). */
  'profile.updated': ProfileView;
  'connection.skew': { seconds: number };
}
