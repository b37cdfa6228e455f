import { readFileSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { seedForm4 } from '../support/results';
import { loginViaUi, registerSchoolViaApi } from '../support/school';
import { shoot } from '../support/shots';

/** A 96 × 96 PNG crest: a green shield-ish disc on transparency, made here so no file is needed. */
function crestPng(size = 96) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * (1 + size * 4) + 1 + x * 4;
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 2.2) ** 2;
      const band = Math.abs(y - size / 2) < size / 10;
      rows.set(inside ? (band ? [250, 200, 30, 255] : [20, 110, 60, 255]) : [0, 0, 0, 0], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an admin sets the school profile and crest at /settings, and the report form PDF prints them', async ({
  page,
  request,
}) => {
  const school = await registerSchoolViaApi(request, 'Kakamega School');
  const { east, exam } = await seedForm4(request, school);
  await loginViaUi(page, school);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'School profile' })).toBeVisible();
  await expect(page.getByLabel('Institution name *')).toHaveValue('Kakamega School');

  // The crest: uploaded as soon as it is chosen, previewed, and kept.
  await page
    .getByLabel('Crest image')
    .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: crestPng() });
  await expect(page.getByText('Crest updated')).toBeVisible();
  const preview = page.getByAltText('Crest of Kakamega School');
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);

  // The details, with a phone written as people write it and a public type with two levels.
  await page.getByLabel('Institution name *').fill('Kakamega High School');
  await page.getByLabel('Motto').fill('Strive to Excel');
  await page.getByLabel('P.O. Box').fill('P.O. Box 120-50100, Kakamega');
  await page.getByLabel('Phone *').fill('+254 712 345 003');
  await page.getByLabel('County *').fill('Kakamega');
  await page.getByLabel('Type *').selectOption('Extra-County School');
  await page.getByLabel('Junior School (Grade 7–9)').check();
  await page.getByLabel('Senior School / Secondary (Grade 10–12, Form 1–4)').check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('School profile saved')).toBeVisible();
  await expect(page.getByLabel('Phone *')).toHaveValue('0712345003');
  // The shell names the school by its corrected name.
  await expect(page.getByTestId('school-name')).toHaveText('Kakamega High School');
  await shoot(page, 'school-profile');

  // A bad email is refused on the field, before anything is sent.
  await page.getByLabel('Email').fill('office@');
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Motto')).toHaveValue('Strive to Excel');

  // The class's report forms: the PDF carries the crest (one image, with its transparency).
  await page.goto(`/exams/${exam.id}?class=${east.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Report forms for this class' }).click();
  const pdf = readFileSync((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdf.toString('latin1');
  expect(text.match(/\/Subtype \/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  if (process.env.SHOTS_DIR) writeFileSync(`${process.env.SHOTS_DIR}/report-forms.pdf`, pdf);
});
