import {
  TEACHER_IMPORT_MESSAGES,
  type TeacherImportPreview,
  type TeacherImportResult,
} from '@shule/shared/teacher-import';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { TeacherImportPage } from './teacher-import-page';

const FILE = [
  'First Name,Surname,Phone,TSC',
  'Achieng,Odhiambo,0722111222,TSC1',
  'Juma,Mwangi,0722111222,TSC2',
  'Wanjiru,Kamau,0722111333,TSC3',
].join('\n');

const preview: TeacherImportPreview = {
  rows: [
    {
      row: 2,
      values: { first_name: 'Achieng', phone_number: '0722111222' },
      errors: {
        phone_number: [TEACHER_IMPORT_MESSAGES.twiceInFile('Phone number', '0722111222', 3)],
      },
    },
    {
      row: 3,
      values: { first_name: 'Juma', phone_number: '0722111222' },
      errors: {
        phone_number: [TEACHER_IMPORT_MESSAGES.twiceInFile('Phone number', '0722111222', 2)],
      },
    },
    { row: 4, values: { first_name: 'Wanjiru', phone_number: '0722111333' }, errors: {} },
  ],
  valid: 1,
  invalid: 2,
  file_errors: [],
};

const imported: TeacherImportResult = {
  imported: 1,
  teachers: [
    {
      first_name: 'Wanjiru',
      last_name: 'Kamau',
      phone_number: '0722111333',
      one_time_password: 'pass-word-1',
    },
  ],
  linked: [],
};

function fakeApi() {
  const sent: { url: string; file: string }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (init?.body instanceof FormData) {
      sent.push({ url, file: await (init.body.get('file') as Blob).text() });
      if (url === '/api/teachers/import/preview/') return json(200, preview);
      if (url === '/api/teachers/import/') return json(201, imported);
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, sent };
}

describe('import teachers page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('skips the rows with problems when asked, then offers the one-time passwords', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<TeacherImportPage />);
    const input = (await screen.findByLabelText('Choose file')) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([FILE], 'staff.csv', { type: 'text/csv' })] },
    });
    fireEvent.change(await screen.findByLabelText('Column Surname is'), {
      target: { value: 'last_name' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check the rows' }));

    expect(
      (await screen.findAllByText('Phone number 0722111222 is also on row 3 of the file')).length,
    ).toBeGreaterThan(0);
    expect(api.sent[0]!.file.split('\r\n')[0]).toBe(
      'first_name,last_name,phone_number,email,tsc_number',
    );
    expect(
      (screen.getByRole('button', { name: 'Import 0 teachers' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByLabelText('Skip rows with problems (2)'));
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 teacher' }));

    expect(await screen.findByRole('heading', { name: 'Imported 1 teacher' })).toBeTruthy();
    const sentForImport = api.sent[1]!;
    expect(sentForImport.url).toBe('/api/teachers/import/');
    expect(sentForImport.file).toContain('Wanjiru');
    expect(sentForImport.file).not.toContain('Achieng');
    expect(sentForImport.file).not.toContain('Juma');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Download the one-time passwords (CSV)' }),
      ).toBeTruthy(),
    );
  });
});
