// The shortest password a key backup (PKCS#12) may have: the window, main's door and the
// command-line tool ask the same.
export const MIN_BACKUP_PASSWORD = 8;
