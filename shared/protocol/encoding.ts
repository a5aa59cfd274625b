// Encodings shared by signing, the envelope and the server's validation. STUB.

/** RFC 3986 strict encoder: unreserved A-Z a-z 0-9 - _ . ~ kept, every other UTF-8 byte %XY. */
export declare function strictEncode(value: string): string;
/** RFC 4648 standard alphabet with padding; '' is valid (empty). */
export declare function isBase64(value: string): boolean;
/** Lower-case hex, optionally of an exact length in characters. */
export declare function isLowerHex(value: string, length?: number): boolean;
export declare function sha256Hex(data: Buffer | string): string;
