// How a page proves to the browser host that it is the page that traded the one-time code.
// The HttpOnly cookie alone is not enough: cookies ignore ports, so a page of any other local
// program on 127.0.0.1 receives it too. The page also keeps a per-session secret in
// sessionStorage (whose origin includes the port) and sends it on every call, and on the event
// socket as a subprotocol (a browser's WebSocket cannot set headers).

/** The request header that carries the session secret. */
export const SECRET_HEADER = 'x-sx-session-secret';
/** The event socket's subprotocol, the one the host selects. */
export const EVENTS_PROTOCOL = 'sx-events';
/** A second offered subprotocol, `sx-secret.<secret>`, carries the secret on the handshake. */
export const SECRET_PROTOCOL_PREFIX = 'sx-secret.';
/** What a successful sign-in answers with. */
export interface SignedIn {
  /** Only on the trade of the one-time code; a page that already holds the session gets none. */
  readonly secret?: string;
}
