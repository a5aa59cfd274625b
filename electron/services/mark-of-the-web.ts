// Windows' Mark-of-the-Web: a `Zone.Identifier` stream saying the file came from the
// Internet zone, so Office opens it in Protected View and SmartScreen checks programs.
// Other systems have no such mark a plain process can set; file systems without streams
// (FAT, some network shares) refuse it, which leaves the file as it is.
import { writeFile } from 'node:fs/promises';

export const ZONE_IDENTIFIER = '[ZoneTransfer]\r\nZoneId=3\r\n';

export async function markOfTheWeb(path: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  if (platform !== 'win32') return false;
  try {
    await writeFile(`${path}:Zone.Identifier`, ZONE_IDENTIFIER);
    return true;
  } catch {
    return false;
  }
}
