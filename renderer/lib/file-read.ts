// Reading a chosen file in the renderer (FileReader: the renderer has no file system) and
// offering text as a download (Blob + <a download>).
import type { CertificateMediaType } from '../../shared/admin/certificate-media-types.js';

/** The file's bytes as base64 (for PKCS#12 and DER certificates). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      // A data: URL: everything after the first comma is the base64 payload.
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export function readAsText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** The media type the service expects for a certificate file, by its extension. */
export function certificateMediaType(fileName: string): CertificateMediaType | undefined {
  const ext = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1];
  if (ext === 'pem') return 'application/x-pem-file';
  if (ext === 'der' || ext === 'cer' || ext === 'crt') return 'application/pkix-cert';
  return undefined;
}

export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** activity-YYYY-MM-DD.csv in local time. */
export function activityFileName(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `activity-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Whole days until the ISO date (negative when past); undefined when unknown. */
export function daysUntil(iso: string, now: number): number | undefined {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return undefined;
  return Math.floor((at - now) / 86_400_000);
}
