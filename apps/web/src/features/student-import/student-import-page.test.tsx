import { NAME_ORDER_LABELS } from '@shule/shared/full-name';
import { STUDENT_IMPORT_MESSAGES, type StudentImportPreview } from '@shule/shared/student-import';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { StudentImportPage } from './student-import-page';

const FILE = [
  'First name,Last name,Date of birth,Gender,Class,Parent first name,Parent last name,Parent phone',
  'Amina,Ali,2012-01-01,F,Form 1,Fatuma,Ali,0722111222',
  '',
  'Juma,Otieno,2012-01-01,M,Form 9,Ann,Otieno,0722111333',
  'Baraka,Kamau,2012-01-01,M,Form 1,Joy,Kamau,0722111444',
].join('\n');

/** The preview as the server answers it: the rewritten file's second row is Juma, line 3 there. */
const preview: StudentImportPreview = {
  rows: [
    { row: 2, values: { first_name: 'Amina', class: 'Form 1' }, errors: {} },
    {
      row: 3,
      values: { first_name: 'Juma', last_name: 'Otieno', class: 'Form 9' },
      errors: { class: [STUDENT_IMPORT_MESSAGES.unknownClass('Form 9')] },
    },
    { row: 4, values: { first_name: 'Baraka', class: 'Form 1' }, errors: {} },
  ],
  valid: 2,
  invalid: 1,
  file_errors: [],
  sms_consent: { granted: 0, refused: 0, not_asked: 2 },
};

function fakeApi(answer: StudentImportPreview = preview) {
  const sent: { url: string; file: string; nameOrder: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (init?.body instanceof FormData) {
      const file = init.body.get('file') as Blob;
      sent.push({ url, file: await file.text(), nameOrder: init.body.get('name_order') });
      if (url === '/api/students/import/preview/') return json(200, answer);
      if (url === '/api/students/import/')
        return json(201, { imported: 2, parents_created: 2, parents_reused: 0 });
    }
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, sent };
}

describe('import students page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows a row's problem by the file's own line and imports the others when asked to skip it", async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentImportPage />);
    const input = (await screen.findByLabelText('Choose file')) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([FILE], 'students.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Check the rows' }));

    const problem = await screen.findAllByText("Class 'Form 9' does not exist: create it first");
    expect(problem.length).toBeGreaterThan(0);
    // Line 4 of the person's file (an empty line before it), not line 3 of the rewritten one.
    expect(screen.getAllByText('Row 4').length).toBeGreaterThan(0);
    expect(api.sent[0]!.file.split('\r\n')[0]).toMatch(/^first_name,last_name,date_of_birth/);

    const importButton = screen.getByRole('button', { name: 'Import 0 students' });
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Skip rows with problems (1)'));
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 students' }));

    await waitFor(() => expect(api.sent).toHaveLength(2));
    const imported = api.sent[1]!;
    expect(imported.url).toBe('/api/students/import/');
    expect(imported.file).toContain('Amina');
    expect(imported.file).toContain('Baraka');
    expect(imported.file).not.toContain('Juma');
  });

  it("maps a Kenyan register's headers, sends the name order chosen, shows the split and the parents without SMS", async () => {
    const register = [
      'NAME,ADM NO,SEX,D.O.B,CLASS,PARENT/GUARDIAN,TEL,CONSENT',
      'KAMAU John,1001,M,3/4/2011,Form 1,WANJIKU Mary,0712345678,No',
    ].join('\n');
    const answer: StudentImportPreview = {
      rows: [
        {
          row: 2,
          values: {
            full_name: 'KAMAU John',
            first_name: 'John',
            last_name: 'KAMAU',
            parent_full_name: 'WANJIKU Mary',
            parent_first_name: 'Mary',
            parent_last_name: 'WANJIKU',
            class: 'Form 1',
            sms_consent: 'No',
          },
          errors: {},
        },
      ],
      valid: 1,
      invalid: 0,
      file_errors: [],
      sms_consent: { granted: 0, refused: 1, not_asked: 0 },
    };
    const api = fakeApi(answer);
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<StudentImportPage />);
    const input = (await screen.findByLabelText('Choose file')) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([register], 'register.csv', { type: 'text/csv' })] },
    });
    const admission = (await screen.findByLabelText('Column ADM NO is')) as HTMLSelectElement;
    expect(admission.value).toBe('admission_number');
    expect((screen.getByLabelText('Column NAME is') as HTMLSelectElement).value).toBe('full_name');
    expect((screen.getByLabelText('Column PARENT/GUARDIAN is') as HTMLSelectElement).value).toBe(
      'parent_full_name',
    );
    expect((screen.getByLabelText('Column CONSENT is') as HTMLSelectElement).value).toBe(
      'sms_consent',
    );
    fireEvent.click(screen.getByLabelText(NAME_ORDER_LABELS.surname_first));
    fireEvent.click(screen.getByRole('button', { name: 'Check the rows' }));

    expect(
      (await screen.findAllByText(STUDENT_IMPORT_MESSAGES.noSms(1), { exact: false })).length,
    ).toBeGreaterThan(0);
    expect(api.sent[0]!.nameOrder).toBe('surname_first');
    expect(api.sent[0]!.file.split('\r\n')[0]).toContain('full_name,parent_full_name');
    expect(screen.getAllByText('KAMAU').length).toBeGreaterThan(0);
    expect(screen.getAllByText('WANJIKU').length).toBeGreaterThan(0);
  });
});
