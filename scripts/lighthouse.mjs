#!/usr/bin/env node
// Lighthouse scores of Shule's screens, as a phone on mobile data sees them (Lighthouse's mobile
// defaults: simulated slow 4G and a 4x slower CPU), each on a cold cache:
//   node scripts/lighthouse.mjs http://localhost:3000 [--routes /,/login,/dashboard] [--details]
// Measure the production build served by the API (`npm run build`, then the server with
// WEB_DIST), not Vite's dev server. Signed-in routes need a session: the script registers a new
// school on that server (or logs in with `signIn`) and puts its tokens in the browser's
// localStorage, where the web app keeps them. Chromium comes from CHROME_PATH
// (default /usr/bin/chromium).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const PUBLIC_ROUTES = ['/', '/login', '/signup', '/register_institution'];
export const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/account',
  '/teachers',
  '/students',
  '/classes',
  '/subjects',
  '/exams',
  '/grades',
  '/terms',
  '/academic_years',
];

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
const isPublic = (route) => PUBLIC_ROUTES.includes(new URL(route, 'http://x').pathname);

async function postJson(baseUrl, path, body) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** Registers a new school with its admin and returns the admin's phone and password. */
async function registerSchool(baseUrl) {
  const digits = String(Date.now()).slice(-8);
  const credentials = { username: `07${digits}`, password: 'lighthouse1' };
  await postJson(baseUrl, '/schools/register_school/', {
    school: {
      name: 'Lighthouse Secondary School',
      postal_code: '00100',
      county: 'Nairobi',
      phone_number: `01${digits}`,
      email: `lighthouse${digits}@example.com`,
      year_established: '1990',
      type: 'IPS',
    },
    admin: {
      first_name: 'Light',
      last_name: 'House',
      phone_number: credentials.username,
      password: credentials.password,
    },
  });
  return credentials;
}

/** The three localStorage entries the web app reads at start-up (apps/web/src/lib/storage.ts). */
async function sessionStorageEntries(baseUrl, credentials) {
  const login = await postJson(baseUrl, '/users/login/', credentials);
  return {
    access_token: login.tokens.access,
    refresh_token: login.tokens.refresh,
    school_info: JSON.stringify(login.user.school),
  };
}

async function audit(page, url, { signedIn }) {
  if (signedIn) {
    // Storage reset is off (it would drop the session), so empty the HTTP cache by hand.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const result = await lighthouse(
    url,
    {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedIn,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

function row(route, lhr) {
  const score = (category) => Math.round((lhr.categories[category].score ?? 0) * 100);
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    transferBytes: Math.round(lhr.audits['total-byte-weight'].numericValue ?? 0),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
  };
}

/**
 * One row per route: `{ route, performance, accessibility, transferBytes, lcpMs }` (scores
 * 0-100; bytes transferred on a cold cache, compressed as sent). Public routes run signed out;
 * the others run signed in as `signIn` (`{ username, password }`), or as the admin of a school
 * registered for the run when it is not given. `onResult(route, lhr)` sees each full report.
 */
export async function lighthouseScores(
  baseUrl,
  { routes = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES], signIn, onResult } = {},
) {
  const base = baseUrl.replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows = new Map();
  try {
    const measure = async (route, signedIn) => {
      // On a busy machine a run now and then ends without a paint to measure (NO_LCP): rerun it.
      for (let attempt = 1; ; attempt += 1) {
        const page = await browser.newPage();
        try {
          const lhr = await audit(page, `${base}${route}`, { signedIn });
          if (lhr.runtimeError && attempt < 3) continue;
          onResult?.(route, lhr);
          rows.set(route, row(route, lhr));
          return;
        } finally {
          await page.close();
        }
      }
    };

    // Signed out first: a public route with a stored session would redirect to the dashboard.
    for (const route of routes.filter(isPublic)) await measure(route, false);

    const signedInRoutes = routes.filter((route) => !isPublic(route));
    if (signedInRoutes.length > 0) {
      const entries = await sessionStorageEntries(base, signIn ?? (await registerSchool(base)));
      const page = await browser.newPage();
      // Any page of the origin will do to reach its localStorage; this one loads no script.
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }, entries);
      await page.close();
      for (const route of signedInRoutes) await measure(route, true);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return routes.map((route) => rows.get(route));
}

function printTable(rows) {
  const header = ['route', 'performance', 'accessibility', 'KB transferred', 'LCP ms'];
  const lines = rows.map((r) => [
    r.route,
    String(r.performance),
    String(r.accessibility),
    (r.transferBytes / 1024).toFixed(1),
    String(r.lcpMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  for (const line of [header, ...lines]) {
    console.log(
      line
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  '),
    );
  }
}

/** What to look at when a score is low: failed accessibility checks and the heaviest requests. */
function printDetails(route, lhr) {
  const a11y = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  console.log(`\n${route}: ${requests.length} requests`);
  for (const a of a11y) console.log(`  accessibility: ${a.id}: ${a.title}`);
  for (const r of [...requests].sort((a, b) => b.transferSize - a.transferSize).slice(0, 8)) {
    console.log(`  ${String(r.transferSize).padStart(8)} B  ${r.url}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const baseUrl = args.find((a) => !a.startsWith('--') && /^https?:/.test(a));
  if (!baseUrl) {
    console.error(
      'usage: node scripts/lighthouse.mjs http://localhost:PORT [--routes /,/login] [--details]',
    );
    process.exit(2);
  }
  const routesArg = args[args.indexOf('--routes') + 1];
  const routes = args.includes('--routes') ? routesArg.split(',') : undefined;
  const details = args.includes('--details');
  const rows = await lighthouseScores(baseUrl, {
    routes,
    onResult: details ? printDetails : undefined,
  });
  console.log('');
  printTable(rows);
}
