// Starts a real Shopfloor server: a temp DATA_DIR, `migrate`, `seed --demo`, then `serve` on a free port (or
// the one given) with WEB_DIR = web/dist; waits for /readyz. The suite's server (global-setup.ts) and specs that
// need a server of their own (different settings, e.g. sso.spec.ts) both start it here. Builds nothing.
// SHOPFLOOR_BIN overrides the binary (default ../build/server/shopfloor).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const quiet = !!process.env.CI;

export function freePort(): Promise<number> {
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

export interface Shopfloor {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startShopfloor({ port, env: extra = {} }: { port?: number; env?: Record<string, string> } = {}): Promise<Shopfloor> {
  const webDir = path.join(webRoot, 'dist');
  if (!existsSync(path.join(webDir, 'index.html'))) throw new Error(`${webDir}/index.html missing: run \`npm run build\` first`);
  const listen = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${listen}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfloor-e2e-'));
  // Always the real server: e2e tests never run against a stand-in.
  const bin = path.resolve(webRoot, process.env.SHOPFLOOR_BIN ?? '../build/server/shopfloor');
  if (!existsSync(bin)) throw new Error(`server binary not found at ${bin} (build it with "make build", or set SHOPFLOOR_BIN)`);
  const env = {
    ...process.env,
    PORT: String(listen),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite://${path.join(dataDir, 'shopfloor.db')}`,
    WEB_DIR: webDir,
    AUTH_SECRET: 'e2e-secret-0123456789abcdef0123456789abcdef',
    PRODUCT_NAME: process.env.PRODUCT_NAME ?? 'Shopfloor',
    // A short reading clock (2 % of a lesson's reading time: 0.4 s for a short text, about 1.3 s for the
    // learning spec's lesson), so specs read lessons as a reader does without waiting minutes.
    LESSON_TIME_PERCENT: process.env.LESSON_TIME_PERCENT ?? '2',
    ...extra,
  };
  for (const args of [['migrate'], ['seed', '--demo']]) {
    const r = spawnSync(bin, args, { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`shopfloor ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  }
  const child = spawn(bin, ['serve'], { env, stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'] });
  await waitReady(baseURL, child);
  return {
    baseURL,
    dataDir,
    async stop() {
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
