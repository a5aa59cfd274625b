// On Linux, whose program is at the other end of a loopback connection: the kernel lists every
// TCP socket with its owner's uid in /proc/net/tcp and tcp6. The browser host answers only its
// own user's programs, so another local user gets nowhere even holding the cookie and secret.
import { readFile } from 'node:fs/promises';
import { isIPv4, isIPv6, type Socket } from 'node:net';
import { endianness } from 'node:os';

/** An address as /proc/net/tcp{,6} prints it: each 32-bit word in the machine's byte order. */
export function procAddress(address: string, port: number, littleEndian = endianness() === 'LE'): string {
  const bytes = addressBytes(address);
  let hex = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const word = bytes.subarray(i, i + 4);
    hex += Buffer.from(littleEndian ? [...word].reverse() : word).toString('hex');
  }
  return `${hex.toUpperCase()}:${port.toString(16).toUpperCase().padStart(4, '0')}`;
}

function addressBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from(address.split('.').map(Number));
  if (!isIPv6(address)) throw new Error(`not an IP address: ${address}`);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]), addressBytes(mapped[1]!)]);
  const [head = '', tail = ''] = address.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const given = [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return Buffer.from(given.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}

/**
 * The uid that owns the socket whose own end is `local` and whose far end is `remote`, from the
 * text of /proc/net/tcp or tcp6; undefined when no line names that pair.
 */
export function socketOwner(table: string, local: string, remote: string): number | undefined {
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[2] === remote) return Number(fields[7]);
  }
  return undefined;
}

/** The uid of the program at the other end of an accepted loopback connection (Linux). */
export async function peerUid(
  socket: Pick<Socket, 'remoteAddress' | 'remotePort' | 'localAddress' | 'localPort'>,
): Promise<number | undefined> {
  const { remoteAddress, remotePort, localAddress, localPort } = socket;
  if (!remoteAddress || !remotePort || !localAddress || !localPort) return undefined;
  // The peer's socket: its own end is our far end, and its far end is us.
  for (const [file, asIs] of [
    ['/proc/net/tcp', true],
    ['/proc/net/tcp6', false],
  ] as const) {
    const v6 = (a: string) => (isIPv4(a) ? `::ffff:${a}` : a);
    const [peer, us] = asIs ? [remoteAddress, localAddress] : [v6(remoteAddress), v6(localAddress)];
    if (asIs && !isIPv4(peer)) continue;
    const table = await readFile(file, 'utf8').catch(() => '');
    const uid = socketOwner(table, procAddress(peer, remotePort), procAddress(us, localPort));
    if (uid !== undefined) return uid;
  }
  return undefined;
}

/**
 * Whether a connection comes from a program of this process's user; checked once per connection.
 * Outside Linux (no /proc/net) every loopback peer passes: the session secret still guards.
 */
export function samePeerUser(platform: NodeJS.Platform = process.platform): (socket: Socket) => Promise<boolean> {
  const known = new WeakMap<Socket, Promise<boolean>>();
  const me = process.getuid?.();
  return (socket) => {
    if (platform !== 'linux' || me === undefined) return Promise.resolve(true);
    let answer = known.get(socket);
    if (!answer) {
      answer = peerUid(socket).then((uid) => uid === me);
      known.set(socket, answer);
    }
    return answer;
  };
}
