// Mail in the e2e suite: a real SMTP server (npm smtp-server) that writes each message it takes to a folder as
// <n>.eml (global-setup starts it and points the Shopfloor server's SMTP_URL at it), and the specs' reader.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './server';

export async function startMailCatcher(): Promise<{ port: number; dir: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shopfloor-e2e-mail-'));
  let count = 0;
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${++count}.eml`), Buffer.concat(chunks));
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    port,
    dir,
    stop: () =>
      new Promise<void>((resolve) =>
        smtp.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        }),
      ),
  };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function parse(raw: string): Mail {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const decodeWords = (v: string) => v.replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/g, (_, b: string) => Buffer.from(b, 'base64').toString('utf8'));
  return {
    to: (headers.get('to') ?? '').replace(/[<>]/g, ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: Buffer.from(rest.join('\r\n\r\n').replace(/\s+/g, ''), 'base64').toString('utf8'),
  };
}

/** The newest message to `to`, waiting up to `timeoutMs` for one to arrive. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR not set: global-setup started no SMTP server');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
      .map((f) => parse(readFileSync(path.join(dir, f), 'utf8')))
      .filter((m) => m.to === to);
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
