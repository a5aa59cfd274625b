// The event socket (/api/events): the app's events pushed to the signed-in page. The handshake
// must name this host, come from its origin and carry the session (cookie and secret); the
// host selects the plain events subprotocol, never echoing the one that carries the secret.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { EVENTS_PROTOCOL } from '../../../shared/ipc/host-auth.js';

export class EventSocket {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (offered) => (offered.has(EVENTS_PROTOCOL) ? EVENTS_PROTOCOL : false),
  });
  private readonly sockets = new Set<WebSocket>();

  /** Takes an upgrade that `allowed` says may open the socket; refuses any other. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, allowed: boolean): void {
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.add(ws);
      ws.on('close', () => this.sockets.delete(ws));
    });
  }

  send(event: string, payload: unknown): void {
    const text = JSON.stringify({ event, payload });
    for (const ws of this.sockets) ws.send(text);
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
    this.wss.close();
  }
}
