import { expect, test } from '@playwright/test';
import { shoot } from '../support/shots';

/** `/` on a cold cache, before scrolling (README: "Light on mobile data"); each screenshot at most 40 KB. */
const LANDING_BUDGET_BYTES = 150 * 1024;
const SCREENSHOT_BUDGET_BYTES = 40 * 1024;

test('the landing page names what Shule does, shows real screens and stays under budget', async ({
  page,
}) => {
  const requests: Promise<[string, number]>[] = [];
  page.on('requestfinished', (request) =>
    requests.push(
      request.sizes().then((s) => [request.url(), s.responseBodySize + s.responseHeadersSize]),
    ),
  );
  const transferred = async (match: (url: string) => boolean) =>
    (await Promise.all(requests)).filter(([url]) => match(url)).map(([, bytes]) => bytes);
  const sum = (sizes: number[]) => sizes.reduce((total, n) => total + n, 0);

  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(sum(await transferred(() => true))).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  await expect(
    page.getByRole('heading', { level: 1, name: /Registers, marks, report forms and fees/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Fees with M-Pesa' })).toBeVisible();

  // The screenshots load when scrolled to, and each is a real picture.
  const screens = page.locator('#screens img');
  await expect(screens).toHaveCount(3);
  for (const img of await screens.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    expect(await img.getAttribute('alt')).toMatch(/.{40,}/);
  }
  await page.waitForLoadState('networkidle');
  const shots = await transferred((url) => url.includes('/landing/'));
  expect(shots).toHaveLength(3);
  for (const bytes of shots) expect(bytes).toBeLessThanOrEqual(SCREENSHOT_BUDGET_BYTES);

  // Every link leads to a screen that exists, or to a part of this page.
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of hrefs)
    expect(['/', '/login', '/register_institution', '#features', '#screens']).toContain(href);
  await shoot(page, 'landing');
});
