// Starts a real Shopfloor server for the suite: a temp DATA_DIR, `migrate`, `seed --demo`, then `serve`
// on a free port with WEB_DIR = web/dist; waits for /readyz; stops it afterwards. Builds nothing.
// A real SMTP server (npm smtp-server) on another free port takes the server's mail (SMTP_URL): each message
// is written to E2E_MAIL_DIR as <n>.eml for the specs to read (password reset links).
// SHOPFLOOR_BIN overrides the binary (default ../build/server/shopfloor); E2E_BASE_URL=<url> uses a server already running.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const quiet = !!process.env.CI;
const log = (...a: unknown[]) => {
  if (!quiet) console.log('[e2e]', ...a);
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    log('using running server', process.env.E2E_BASE_URL);
    return async () => {};
  }
  const webDir = path.join(webRoot, 'dist');
  if (!existsSync(path.join(webDir, 'index.html'))) throw new Error(`${webDir}/index.html missing: run \`npm run build\` first`);

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfloor-e2e-'));
  let child: ChildProcess;

  const mailDir = path.join(dataDir, 'mail');
  mkdirSync(mailDir);
  let mails = 0;
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(path.join(mailDir, `${++mails}.eml`), Buffer.concat(chunks));
        cb();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  process.env.E2E_MAIL_DIR = mailDir;

  {
    // Always the real server: e2e tests never run against a stand-in.
    const bin = path.resolve(webRoot, process.env.SHOPFLOOR_BIN ?? '../build/server/shopfloor');
    if (!existsSync(bin)) throw new Error(`server binary not found at ${bin} (build it with "make build", or set SHOPFLOOR_BIN)`);
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite://${path.join(dataDir, 'shopfloor.db')}`,
      WEB_DIR: webDir,
      AUTH_SECRET: 'e2e-secret-0123456789abcdef0123456789abcdef',
      PRODUCT_NAME: process.env.PRODUCT_NAME ?? 'Shopfloor',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_FROM: 'Shopfloor <no-reply@shopfloor.example>',
    };
    for (const args of [['migrate'], ['seed', '--demo']]) {
      const r = spawnSync(bin, args, { env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`shopfloor ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
    }
    child = spawn(bin, ['serve'], { env, stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'] });
  }

  await waitReady(baseURL, child);
  process.env.E2E_BASE_URL = baseURL;
  log('server ready at', baseURL, 'data in', dataDir);

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
