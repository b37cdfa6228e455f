#!/usr/bin/env node
// Retakes the landing page's screenshots (apps/web/public/landing/*.webp) from a demo school:
//   node scripts/landing-screenshots.mjs
// Builds the web app, starts it with the API on a scratch embedded database, fills it with
// scripts/seed-demo.mjs, signs in as the demo admin and photographs a few screens in Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium). Each picture is written as WebP by Chromium's own
// encoder, scaled to the size the landing page shows it at, so `/` stays small.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/landing');
const port = process.env.PORT ?? '4399';
const base = `http://127.0.0.1:${port}`;

/**
 * The screens shown on the landing page: the route (given the demo's exam, class and student),
 * the window it is taken in, the width it is kept at, and WebP quality. The landing page's
 * <img> width/height must match `keep` (see SCREENSHOTS in features/landing).
 */
const SHOTS = [
  {
    name: 'analysis',
    route: ({ exam, classId }) => `/results?exam=${exam}&class=${classId}`,
    window: { width: 1280, height: 800 },
    keep: { width: 800, height: 500 },
    wait: 'canvas',
  },
  {
    name: 'merit-list',
    route: ({ exam, classId }) => `/exams/${exam}/merit-list?class=${classId}`,
    window: { width: 1280, height: 640 },
    keep: { width: 800, height: 400 },
    wait: 'table',
  },
  {
    name: 'report-form',
    route: ({ exam, classId, student }) => `/exams/${exam}/report/${student}?class=${classId}`,
    window: { width: 390, height: 844 },
    keep: { width: 390, height: 844 },
    wait: 'table',
  },
];
const QUALITY = 0.6;

const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'shule-landing-'));
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForServer() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/api/docs`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not answer at ${base}`);
}

async function api(token, pathname) {
  const res = await fetch(`${base}/api${pathname}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET ${pathname} → ${res.status}`);
  return res.json();
}

/** The PNG `png` scaled to `size` and encoded as WebP by Chromium's canvas. */
async function toWebp(page, png, size) {
  const dataUrl = await page.evaluate(
    async ({ src, width, height, quality }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(img, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, ...size, quality: QUALITY },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

try {
  await waitForServer();
  const seeded = spawnSync('node', ['scripts/seed-demo.mjs', base], {
    cwd: root,
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed-demo failed: ${seeded.stderr}`);
  const [, phone, password] = seeded.stdout.match(/log in with (\d+) \/ (\S+)/) ?? [];
  if (!phone) throw new Error(`seed-demo printed no login: ${seeded.stdout}`);

  const login = await fetch(`${base}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: phone, password }),
  }).then((r) => r.json());
  const token = login.tokens.access;
  const [exam] = await api(token, '/grades/exams/');
  const { classes } = await api(token, `/classes/?school=${login.user.school.id}`);
  const classId = classes[0].id;
  const students = await api(token, `/students/get_students/${classId}/${login.user.school.id}/`);
  const student = students.students[0].id;
  const ids = { exam: exam.id, classId, student };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: SHOTS[0].window, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  // The sign-in toast would sit on every picture.
  await page.addStyleTag({ content: '[role="status"],[role="alert"]{display:none!important}' });

  mkdirSync(outDir, { recursive: true });
  const encoder = await context.newPage();
  for (const shot of SHOTS) {
    await page.setViewportSize(shot.window);
    await page.goto(`${base}${shot.route(ids)}`);
    await page.addStyleTag({ content: '[role="status"],[role="alert"]{display:none!important}' });
    await page.locator(shot.wait).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800); // charts animate in
    const png = await page.screenshot();
    const file = path.join(outDir, `${shot.name}.webp`);
    writeFileSync(file, await toWebp(encoder, png, shot.keep));
    console.log(`${path.relative(root, file)}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
  }
  await browser.close();
} finally {
  stop();
}
