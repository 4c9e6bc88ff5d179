#!/usr/bin/env node
// The README's picture of the report: opens REPORT/index.html (default reports/default, made by
// `npm start` when missing) in headless Chromium at 1400 px wide and saves its verdict panel as a PNG
// (default docs/report-verdict.png). Needs the compiled code (npm run build). Usage:
//   node scripts/screenshot.mjs [--report DIR] [--out FILE.png] [--width PX]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fail = (msg, code = 2) => {
  process.stderr.write(`screenshot: ${msg}\n`);
  process.exit(code);
};

const opts = { report: join(root, 'reports', 'default'), out: join(root, 'docs', 'report-verdict.png'), width: 1400 };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = args[i].split('=', 2);
  if (!['--report', '--out', '--width'].includes(flag)) fail(`unknown option ${flag} (known: --report DIR, --out FILE.png, --width PX)`);
  const value = inline ?? args[++i];
  if (value === undefined) fail(`${flag} needs a value`);
  if (flag === '--width') {
    const w = Number(value);
    if (!Number.isInteger(w) || w < 600 || w > 4000) fail(`--width must be a whole number of pixels 600..4000, got ${value}`);
    opts.width = w;
  } else opts[flag.slice(2)] = resolve(value);
}
if (!opts.out.endsWith('.png')) fail(`--out must name a .png file, got ${opts.out}`);
const browserModule = join(root, 'dist', 'src', 'report', 'browser.js');
if (!existsSync(browserModule)) fail('the compiled code is missing: run npm run build first');

const index = join(opts.report, 'index.html');
if (!existsSync(index)) {
  if (opts.report !== join(root, 'reports', 'default')) fail(`${index} does not exist: run the experiment first`);
  process.stderr.write('screenshot: no reports/default yet: running the default experiment (npm start)\n');
  const r = spawnSync(process.execPath, [join(root, 'bin', 'legions.js'), 'experiment', join(root, 'experiments', 'default.json'), '--out', opts.report, '--quiet'], { stdio: 'inherit' });
  if (r.status !== 0) fail('the default experiment failed', r.status ?? 1);
}

const { launchBrowser } = await import(pathToFileURL(browserModule).href);
let browser;
try {
  ({ browser } = await launchBrowser());
} catch (e) {
  fail(`cannot launch a headless Chromium (${String(e.message ?? e).split('\n')[0]}); set CHROMIUM_PATH`, 1);
}
try {
  const page = await browser.newPage({ viewport: { width: opts.width, height: 1000 }, deviceScaleFactor: 1 });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(index).href);
  const panel = page.locator('#verdict');
  if ((await panel.count()) === 0) fail(`${index} has no verdict panel (section id="verdict"): an older report? run the experiment again`);
  mkdirSync(dirname(opts.out), { recursive: true });
  // The panel down to its first forest plot: the design note, how to read it, one field's plot.
  const clip = await page.evaluate(() => {
    const box = document.querySelector('#verdict').getBoundingClientRect();
    const first = document.querySelector('#verdict figure');
    const bottom = first ? first.getBoundingClientRect().bottom + 8 : box.bottom;
    return { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: Math.min(box.bottom, bottom) - box.top };
  });
  await page.screenshot({ path: opts.out, type: 'png', clip, fullPage: true });
  if (errors.length) fail(`the page logged errors: ${errors.join('; ')}`, 1);
  process.stdout.write(`${opts.out}: ${Math.round(statSync(opts.out).size / 1024)} KB (${opts.width} px wide)\n`);
} finally {
  await browser.close();
}
