// Where the command-line tool writes, and how it asks for secrets; injectable for tests.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Asks without echo; undefined when there is no terminal to ask on. */
  readonly askSecret: (question: string) => Promise<string | undefined>;
}

export function processIo(): CliIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    askSecret: (question) => askHidden(question),
  };
}

async function askHidden(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  process.stderr.write(question);
  let muted = true;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk as Buffer);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    muted = false;
    rl.close();
    process.stderr.write('\n');
  }
}
