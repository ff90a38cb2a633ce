// Starts the suite's real Shopfloor server (support/server.ts) and stops it afterwards.
// E2E_BASE_URL=<url> uses a server already running.
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
  const server = await startShopfloor();
  process.env.E2E_BASE_URL = server.baseURL;
  log('server ready at', server.baseURL, 'data in', server.dataDir);
  return () => server.stop();
}
