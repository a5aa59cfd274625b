// The media types the exchange takes an organization's certificate in (the certificate PUT,
// docs/protocol.md §2): the door refuses any other, the client sends one of these.
import { z } from 'zod';

export const certificateMediaTypeSchema = z.enum([
  'application/x-pem-file',
  'application/x-x509-ca-cert',
  'application/pkix-cert',
]);

export type CertificateMediaType = z.infer<typeof certificateMediaTypeSchema>;
