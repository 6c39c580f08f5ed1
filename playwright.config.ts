import { defineConfig, devices } from '@playwright/test';
import { e2ePort } from './tests/support/e2e-state.ts';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the production build on a
 * fresh SQLite database, started by tests/e2e/serve.ts on E2E_PORT.
 */
const port = e2ePort();
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'var/test-results/playwright',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'var/test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'var/test-results/e2e.json' }]],
  use: { baseURL: `http://127.0.0.1:${port}`, launchOptions: chromium, trace: 'off' },
  // Tests tagged @desktop or @mobile concern one header only and run in that project alone.
  projects: [
    { name: 'desktop', grepInvert: /@mobile/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions: chromium } },
    { name: 'mobile', grepInvert: /@desktop/, use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
  ],
  webServer: {
    command: `node tests/e2e/serve.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
