import { chromium } from '@playwright/test';
const base = 'http://localhost:3331';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const sizes: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/students/')) {
      const body = await r.body().catch(() => Buffer.alloc(0));
      sizes.push(`${r.url().replace(base, '')} ${r.status()} ${body.length} B (${r.headers()['content-encoding'] ?? 'identity'})`);
    }
  });
  await page.goto(`${base}/login`);
  await page.getByLabel('Phone Number').fill('0712000001');
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  await page.goto(`${base}/students`);
  await page.getByText(/of 2,000/).waitFor();
  await page.screenshot({ path: `/tmp/h3/students-${width}.png`, fullPage: false });
  await page.getByLabel('Search students').fill('wanj');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/h3/students-search-${width}.png`, fullPage: false });
  await page.goto(`${base}/exams/1`);
  await page.getByRole('list', { name: 'Students' }).waitFor();
  await page.getByRole('list', { name: 'Students' }).getByRole('button').first().click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/h3/grading-${width}.png`, fullPage: false });
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  console.log(width, 'fits', fits);
  await page.goto(`${base}/students`);
  await page.getByText(/of 2,000/).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.screenshot({ path: `/tmp/h3/students-bottom-${width}.png`, fullPage: false });
  console.log(sizes.join('\n'));
  await page.close();
}
await browser.close();
