// An expected failure with a machine-readable kind, so every layer can tell one cause from
// another and the app can show it as data. Subclasses set `name` explicitly (bundlers may
// rename classes).
export class FailureError<F extends string = string> extends Error {
  constructor(
    readonly failure: F,
    message: string,
  ) {
    super(message);
  }
}
