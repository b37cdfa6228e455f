import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedForm4, typeMarks, WANJIRU_MARKS } from '../support/results';
import { loginViaUi, registerSchoolViaApi } from '../support/school';
import { shoot } from '../support/shots';

test('marks typed in, the class’s merit list with positions and mean grades, and its PDF', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Machakos School');
  const { east, exam } = await seedForm4(request, school);
  await loginViaUi(page, school);

  await page.goto(`/exams/${exam.id}?class=${east.id}`);
  await typeMarks(page, 'Wanjiru Kamau', WANJIRU_MARKS);

  // Generate Merit List, for the class being graded.
  await page.getByRole('button', { name: 'Generate Merit List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Merit List' });
  await expect(dialog.getByRole('radio', { name: /A class/ })).toBeChecked();
  await expect(dialog.getByLabel('Class', { exact: true })).toHaveValue(String(east.id));
  await dialog.getByRole('button', { name: 'Open merit list' }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/merit-list\\?class=${east.id}$`));
  await expect(
    page.getByRole('heading', { name: '4 East · End term · 2026 Term 2' }),
  ).toBeVisible();

  // Wanjiru 67 points (B+) first; Baraka 7 × C+ = 49 (C+); Chebet 7 × C- = 35 (C-).
  const heads = await page.getByRole('columnheader').allTextContents();
  const cell = (student: string, head: string) =>
    page
      .getByRole('row', { name: new RegExp(student) })
      .getByRole('cell')
      .nth(heads.indexOf(head));
  await expect(cell('Wanjiru Kamau', 'OVR POS')).toHaveText('1/3');
  await expect(cell('Wanjiru Kamau', 'GR')).toHaveText('B+');
  await expect(cell('Wanjiru Kamau', 'TT PTS')).toHaveText('67');
  await expect(cell('Wanjiru Kamau', 'TT MKS')).toHaveText('482');
  await expect(cell('Baraka Otieno', 'STR POS')).toHaveText('2/3');
  await expect(cell('Baraka Otieno', 'GR')).toHaveText('C+');
  await expect(cell('Chebet Kiprop', 'OVR POS')).toHaveText('3/3');
  await expect(cell('Chebet Kiprop', 'GR')).toHaveText('C-');

  // On a laptop the subjects scroll sideways, but the name, the mean grade, the points and the
  // positions stay in view, also scrolled to either end.
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    const scroller = page.getByRole('table').locator('xpath=..');
    for (const to of ['start', 'middle'] as const) {
      await scroller.evaluate((el, at) => {
        el.scrollLeft = at === 'start' ? 0 : (el.scrollWidth - el.clientWidth) / 2;
      }, to);
      const hidden = await scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll('th')]
          .filter((th) => ['NAME', 'GR', 'TT PTS', 'STR POS', 'OVR POS'].includes(th.textContent!))
          .filter((th) => {
            const r = th.getBoundingClientRect();
            // Another cell on top of it (one scrolled under) hides it too.
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return r.left < box.left - 1 || r.right > box.right + 1 || !th.contains(top);
          })
          .map((th) => th.textContent);
      });
      expect(hidden, `${width} px, scrolled to the ${to}`).toEqual([]);
    }
    if (width === 1024) {
      // The list is wider than the screen there: the pins are what keeps the totals in view.
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'merit-list');

  // The printed list: a PDF named after the class and exam.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('merit-list-4-east-end-term-2026-term-2.pdf');
  const pdf = readFileSync((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

  // On a phone: cards with the position and the mean grade, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Merit list' }).getByRole('listitem').first();
  await expect(card).toContainText('Wanjiru Kamau');
  await expect(card).toContainText('1/3');
  await expect(card).toContainText('B+');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
});
