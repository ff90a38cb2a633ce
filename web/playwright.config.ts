import { defineConfig } from '@playwright/test';

const CI = !!process.env.CI;

// The company's day is Bangkok's (the server counts report days, streaks and "today" in Asia/Bangkok), and so
// is the staff's phone: the browser and the specs' own date arithmetic use it too, whatever the machine's zone.
// Without this, a run between 17:00 and 24:00 UTC asked for "today" a day before the server's.
process.env.TZ = 'Asia/Bangkok';

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [CI ? ['dot'] : ['list'], ['./e2e/support/failure-summary.ts']],
  use: {
    // baseURL is set per test from the server started in global-setup (see e2e/support/fixtures.ts).
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    // The app honours "reduce motion": no click lands on a dialog, drawer or dropdown that is still animating in.
    reducedMotion: 'reduce',
    // The service worker (issue 30) would answer later specs from its caches: every spec runs without it but
    // e2e/pwa.spec.ts, which allows it on a server of its own.
    serviceWorkers: 'block',
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
