// Globals that browsers and Node both provide, declared for shared/ alone: its tsconfig.json has
// neither the DOM library nor Node's types, so that code the renderer and Node both run uses
// nothing only one of them has. Only the members shared code uses; every other program (the
// renderer's, Node's, the tests') has the full declarations and leaves this file out.
interface URL {
  readonly hostname: string;
  readonly protocol: string;
}
declare const URL: { prototype: URL; new (url: string, base?: string): URL };

interface TextEncoder {
  encode(input?: string): Uint8Array;
}
declare const TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

/** A file the user dropped (the renderer's API takes it; shared code only names the type). */
interface File {
  readonly name: string;
  readonly size: number;
}
