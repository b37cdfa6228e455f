import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '../../test/render-page';
import { RegisterInstitutionPage } from './register-institution-page';

function fillValidForm() {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('Institution name *', 'Lenana School');
  fill('Type *', 'CTY');
  fireEvent.click(screen.getByLabelText('Junior School (Grade 7–9)'));
  fireEvent.click(screen.getByLabelText('Senior School / Secondary (Grade 10–12, Form 1–4)'));
  fill('County *', 'Nairobi');
  fill('Postal code *', '00100');
  fill('Phone *', '0720123456');
  fill('Year established *', '1949');
  fill('First name *', 'Peter');
  fill('Last name *', 'Kamau');
  fill('Admin phone *', '0711000000');
  fill('Password *', 'secret123');
  fill('Repeat password *', 'secret123');
}

/** The message shown under the input labelled `label`. */
function fieldMessage(label: string) {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('RegisterInstitutionPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the API body (no repeated password) and shows field messages where the server puts them', async () => {
    const fetchMock = vi.fn(async () =>
      json(400, {
        message: 'Please choose a county from the list',
        errors: {
          'school.county': ['Please choose a county from the list'],
          'admin.first_name': ['First name is required'],
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<RegisterInstitutionPage />);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register institution' }));

    await waitFor(() =>
      expect(fieldMessage('County *')).toBe('Please choose a county from the list'),
    );
    expect(fieldMessage('First name *')).toBe('First name is required');
    expect(
      screen.getByText('Your data could not be processed: Please choose a county from the list'),
    ).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/schools/register_school/');
    const body = JSON.parse(String(init.body));
    // A public County school teaching Junior and Senior School; no logo link is asked for.
    expect(body.school).toMatchObject({ type: 'CTY', levels: ['junior', 'senior'] });
    expect(body.school).not.toHaveProperty('logo');
    expect(body.admin).toEqual({
      first_name: 'Peter',
      last_name: 'Kamau',
      phone_number: '0711000000',
      password: 'secret123',
    });
    expect(body.school).toMatchObject({ name: 'Lenana School', county: 'Nairobi' });
  });

  it('puts a taken admin phone (409) under the admin phone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { message: 'A user with this phone number already exists' })),
    );
    renderWithApp(<RegisterInstitutionPage />);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register institution' }));

    await waitFor(() =>
      expect(fieldMessage('Admin phone *')).toBe('A user with this phone number already exists'),
    );
  });
});
