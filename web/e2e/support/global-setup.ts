// Starts the suite's real Shopfloor server (support/server.ts) and stops it afterwards, with a real SMTP
// server (support/mail.ts) taking its mail: each message lands in E2E_MAIL_DIR for the specs to read.
// E2E_BASE_URL=<url> uses a server already running.
import { startMailCatcher } from './mail';
import { startShopfloor } from './server';

const quiet = !!process.env.CI;
const log = (...a: unknown[]) => {
  if (!quiet) console.log('[e2e]', ...a);
};

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    log('using running server', process.env.E2E_BASE_URL);
    return async () => {};
  }
  const mail = await startMailCatcher();
  process.env.E2E_MAIL_DIR = mail.dir;
  const server = await startShopfloor({ env: { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, SMTP_FROM: 'Shopfloor <no-reply@shopfloor.example>' } });
  process.env.E2E_BASE_URL = server.baseURL;
  log('server ready at', server.baseURL, 'data in', server.dataDir);
  return async () => {
    await server.stop();
    await mail.stop();
  };
}
