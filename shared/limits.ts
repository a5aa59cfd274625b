// The limits of the exchange protocol, each named once: the reference server enforces them and
// the desktop checks them before it sends, or while it reads what others wrote. Each cites the
// section of docs/protocol.md that states it; a change there is a change here, and both follow.

const KiB = 1024;
const MiB = 1024 * KiB;

/** A request body (§6): one larger is 413, code 1016 (refused before it is read when Content-Length says so). */
export const MAX_REQUEST_BYTES = 300 * MiB;
/** The body of a JSON endpoint other than the item write (§6): one byte more is 1009. */
export const MAX_JSON_BODY_BYTES = 1 * MiB;
/** A certificate (§2 Organizations, §6): a certificate PUT's body one byte over is 1010. */
export const MAX_CERTIFICATE_BYTES = 1 * MiB;

/** An organization's name once trimmed (§2 Organizations, §6): 1 to this many characters (UTF-16 code units). */
export const MAX_ORGANIZATION_NAME = 200;
/** An item path's segments (§2 Item paths in a URL, §6): 1 to 12 (11 for POST, whose last the server adds). */
export const MAX_SEGMENTS = 12;
/** One segment of an item path (§2 Item paths in a URL, §6): 1 to this many Unicode code points. */
export const MAX_SEGMENT_LENGTH = 200;

/** What a client reads of a receipt's, sign-off's or sign-off request's content (§7 Sign-offs: at most 64 KiB). */
export const MAX_SMALL_RECORD_BYTES = 64 * KiB;
/** A checklist's content (§7 Expected documents): a reader ignores a larger one. */
export const MAX_CHECKLIST_BYTES = 1 * MiB;
/** A checklist's expected items (§7 Expected documents). */
export const MAX_CHECKLIST_ITEMS = 500;

/**
 * What the client reads of an error answer (§5 Errors): the service's is a small JSON object,
 * never near this; more (a proxy's page, say) is not read.
 */
export const MAX_ERROR_BODY_BYTES = 1 * MiB;
/**
 * Largest JSON answer the client reads (§2 Listing items): a listing of 100,000 items is about
 * 150 MiB (it is parsed as it arrives, never held whole; any other answer is, and V8 strings stop
 * short of 512 Mi characters).
 */
export const MAX_JSON_RESPONSE_BYTES = 500 * MiB;
