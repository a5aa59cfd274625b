// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { activityFileName, certificateMediaType, daysUntil, readAsBase64, readAsText } from './file-read.js';

describe('file reading helpers', () => {
  it('maps certificate extensions to the media types the service expects', () => {
    expect(certificateMediaType('org.PEM')).toBe('application/x-pem-file');
    expect(certificateMediaType('org.der')).toBe('application/pkix-cert');
    expect(certificateMediaType('org.cer')).toBe('application/pkix-cert');
    expect(certificateMediaType('org.crt')).toBe('application/pkix-cert');
    expect(certificateMediaType('org.txt')).toBeUndefined();
    expect(certificateMediaType('noextension')).toBeUndefined();
  });

  it('reads bytes as base64 and text as text', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    expect(await readAsBase64(new Blob([bytes]))).toBe(Buffer.from(bytes).toString('base64'));
    expect(await readAsText(new Blob(['-----BEGIN CERTIFICATE-----\n']))).toBe('-----BEGIN CERTIFICATE-----\n');
  });

  it('names the export by the local date and counts days to expiry', () => {
    expect(activityFileName(new Date(2026, 0, 5, 23, 59))).toBe('activity-2026-01-05.csv');
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(daysUntil('2026-01-31T00:00:00Z', now)).toBe(30);
    expect(daysUntil('2025-12-31T00:00:00Z', now)).toBe(-1);
    expect(daysUntil('', now)).toBeUndefined();
  });
});
