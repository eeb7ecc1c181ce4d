import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_FLAGS, resolveChromium } from '../scripts/chromium.mjs';
import { ADMIN, E2E_PORT } from './tests/env';

// CHROMIUM_PATH, else the system Chromium, else the one @sparticuz/chromium ships.
const browser = await resolveChromium();

// A fresh data directory per run: the server starts cold, seeds, and is thrown away afterwards.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'dw-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// Results (traces, screenshots) per run too: two runs on one machine must not clear each other's.
const resultsDir =
  process.env.E2E_RESULTS_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'dw-e2e-results-'));
process.env.E2E_RESULTS_DIR = resultsDir;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: resultsDir,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: browser.executablePath,
      args: [...browser.args, ...HEADLESS_FLAGS, '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../apps/server/dist/server.js',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_PER_IP: '10000',
      REGISTER_MAX_PER_IP: '10000',
      CHAT_MAX_PER_IP_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
  },
});
