// A headless Chromium for checking reports and taking screenshots: CHROMIUM_PATH if set, else a
// system Chromium if one is installed, else the one bundled in the @sparticuz/chromium npm package
// (a devDependency), so `npm ci && npm test` needs no system browser.
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
// Without these, Chromium tries (and on a closed network fails) to reach Google's services.
const QUIET = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

export async function launchBrowser(): Promise<{ browser: Browser; executable: string }> {
  const { chromium } = await import('playwright-core');
  let executable = process.env.CHROMIUM_PATH ?? SYSTEM.find((p) => existsSync(p));
  let args = QUIET;
  if (!executable) {
    const bundled = (await import('@sparticuz/chromium')).default;
    executable = await bundled.executablePath();
    args = [...bundled.args, ...QUIET];
  }
  const browser = await chromium.launch({ executablePath: executable, args, headless: true });
  return { browser, executable };
}
