// Streaming parser for an item JSON object whose one field (`content`) may be hundreds of
// MiB of Base-64: that field's text goes to a sink chunk by chunk, every other field is
// collected with limits. Used by the server for request bodies and by the client for
// content downloads. STUB.

export interface ItemJsonStreamOptions {
  /** The big string field; default 'content'. */
  readonly streamField?: string;
  /** Receives the decoded (JSON-unescaped) text of the big field, in order. */
  readonly onStreamChunk: (text: string) => void;
  /** Longest other string value, in characters; default 1 MiB. */
  readonly maxStringLength?: number;
  /** Deepest nesting; default 32. */
  readonly maxDepth?: number;
}

export type JsonStreamFailure = 'syntax' | 'too-deep' | 'too-long' | 'not-object' | 'stream-field-type' | 'incomplete';

export class JsonStreamError extends Error {
  constructor(
    readonly failure: JsonStreamFailure,
    message: string,
  ) {
    super(message);
    this.name = 'JsonStreamError';
  }
}

export declare class ItemJsonStreamParser {
  constructor(options: ItemJsonStreamOptions);
  /** Feed UTF-8 bytes in any chunking. Throws JsonStreamError. */
  write(chunk: Buffer): void;
  /** Ends the input; returns every field but the streamed one (which is reported as present or not). Throws JsonStreamError. */
  end(): { readonly fields: Record<string, unknown>; readonly sawStreamField: boolean };
}
