import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../lib/save-file';
import { tokenStorage } from '../../lib/storage';
import { json, renderWithApp, sessionUser } from '../../test/render-page';
import { ClassReportFormsButton } from './class-report-forms-button';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));

const PDF = '%PDF-1.3 report forms';

/** A stand-in API whose class PDF arrives when the test says so. */
function fakeApi(status = 200) {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: { url: string; authorization: string | null }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/user/') return json(200, sessionUser('teacher'));
    asked.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    await arrived;
    if (status !== 200)
      return json(status, { message: 'You can see the results of the class you teach' });
    return new Response(PDF, {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="report-forms-4-east-end-term-term-2.pdf"',
      },
    });
  });
  return { fetch, asked, release: () => release() };
}

const renderButton = () =>
  renderWithApp(<ClassReportFormsButton examId={3} classId={7} className="4 East" students={45} />);

describe('Report forms for this class', () => {
  beforeEach(() => {
    tokenStorage.setTokens('access', 'refresh');
    vi.mocked(saveFile).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the class PDF with the token, showing the wait', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderButton();
    const button = screen.getByRole('button', { name: 'Report forms for this class' });
    fireEvent.click(button);
    expect(await screen.findByText('Preparing 45 report forms…')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(api.asked).toEqual([
      { url: '/api/exams/3/report_cards/?class=7&format=pdf', authorization: 'Bearer access' },
    ]);
    api.release();
    expect(await screen.findByText('Report forms ready')).toBeTruthy();
    expect(screen.queryByText('Preparing 45 report forms…')).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('report-forms-4-east-end-term-term-2.pdf');
    expect(await blob.text()).toBe(PDF);
  });

  it('says why when the forms cannot be made, and tries again', async () => {
    const api = fakeApi(403);
    vi.stubGlobal('fetch', api.fetch);
    api.release();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Report forms for this class' }));
    expect(await screen.findByText('Report forms could not be made')).toBeTruthy();
    expect(screen.getByText('You can see the results of the class you teach')).toBeTruthy();
    expect(saveFile).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await vi.waitFor(() => expect(api.asked).toHaveLength(2));
  });
});
