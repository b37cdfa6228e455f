import type { StudentDetail } from '@shule/shared/students';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser, studentDetail } from '../../test/render-page';
import { LearnerRecordSection } from './learner-record-section';
import { StudentProfilePage } from './student-profile-page';

const withParent = (): StudentDetail =>
  studentDetail({
    parent: {
      id: 9,
      user: { first_name: 'Grace', last_name: 'Kamau', email: null, phone_number: '0712345678' },
      sms_opt_out: false,
      national_id_number: null,
    },
  });

function fakeApi(detail: StudentDetail, role: 'admin' | 'teacher' = 'admin') {
  const patches: unknown[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === '/api/users/user/') return json(200, sessionUser(role));
    if (url === '/api/grades/subjects/?school_id=7') return json(200, []);
    if (url === '/api/students/21/' && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      patches.push(body);
      const { parent_national_id_number, ...own } = body;
      return json(200, {
        ...detail,
        ...own,
        parent: detail.parent && {
          ...detail.parent,
          national_id_number: parent_national_id_number,
        },
      });
    }
    if (url === '/api/students/21/') return json(200, detail);
    return json(404, { message: `no route ${url}` });
  });
  return { fetch, patches };
}

const renderProfile = () =>
  renderWithApp(<StudentProfilePage sections={(props) => <LearnerRecordSection {...props} />} />, {
    route: '/students/:id',
    url: '/students/21',
  });

describe('the learner record on the student page', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows "Not recorded", and lets an admin fill the record', async () => {
    const api = fakeApi(withParent());
    vi.stubGlobal('fetch', api.fetch);
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Learner record (NEMIS)' });
    expect(within(section).getAllByText('Not recorded')).toHaveLength(16);

    fireEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Learner record (NEMIS)' });
    fireEvent.change(within(dialog).getByLabelText('UPI'), { target: { value: 'ab12' } });
    fireEvent.change(within(dialog).getByLabelText('County'), { target: { value: 'Nyeri' } });
    fireEvent.change(within(dialog).getByLabelText('Assessment Number'), {
      target: { value: '30412345001' },
    });
    fireEvent.change(within(dialog).getByLabelText('RE option'), { target: { value: 'IRE' } });
    fireEvent.change(within(dialog).getByLabelText('Kiswahili or KSL'), {
      target: { value: 'KSL' },
    });
    fireEvent.change(within(dialog).getByLabelText("Parent's national ID"), {
      target: { value: '12ab' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('National ID number must be 6 to 9 digits'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Parent's national ID"), {
      target: { value: '12345678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.patches).toEqual([
      expect.objectContaining({
        upi: 'AB12',
        county: 'Nyeri',
        parent_national_id_number: '12345678',
        nationality: null,
        assessment_number: '30412345001',
        re_option: 'IRE',
        kiswahili_option: 'KSL',
        special_needs_code: null,
      }),
    ]);
    expect(within(section).getByText('AB12')).toBeTruthy();
    expect(within(section).getByText('12345678')).toBeTruthy();
    expect(within(section).getByText('IRE - Islamic Religious Education')).toBeTruthy();
  });

  it('gives a teacher no Edit button', async () => {
    vi.stubGlobal('fetch', fakeApi(studentDetail({ upi: 'X1' }), 'teacher').fetch);
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Learner record (NEMIS)' });
    expect(within(section).getByText('X1')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
