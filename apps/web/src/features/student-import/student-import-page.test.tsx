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
};

function fakeApi() {
  const sent: { url: string; file: string }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/user/') return json(200, sessionUser('admin'));
    if (init?.body instanceof FormData) {
      const file = init.body.get('file') as Blob;
      sent.push({ url, file: await file.text() });
      if (url === '/api/students/import/preview/') return json(200, preview);
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
});
