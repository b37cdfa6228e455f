import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, onPasswordChangeRequired, onSignedOut, requestFile } from './api-client';
import { tokenStorage } from './storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    tokenStorage.setTokens('old-access', 'old-refresh');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and parses JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.get('/things/')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things/');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer old-access');
  });

  it('sends an Idempotency-Key when given one, again on the retry after a refresh', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired', code: 'token_not_valid' }))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
      .mockResolvedValueOnce(json(201, { id: 1 }));
    await api.post('/things/', { a: 1 }, { idempotencyKey: 'k-123' });
    const headers = (call: number) =>
      fetchMock.mock.calls[call]![1]!.headers as Record<string, string>;
    expect(headers(0)['Idempotency-Key']).toBe('k-123');
    expect(headers(1)['Idempotency-Key']).toBeUndefined();
    expect(headers(2)['Idempotency-Key']).toBe('k-123');
    fetchMock.mockResolvedValueOnce(json(201, { id: 2 }));
    await api.post('/things/', { a: 1 });
    expect(headers(3)['Idempotency-Key']).toBeUndefined();
  });

  it('on a 401 refreshes once, stores the rotated tokens and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired', code: 'token_not_valid' }))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
      .mockResolvedValueOnce(json(200, { value: 42 }));
    await expect(api.get('/things/')).resolves.toEqual({ value: 42 });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/token/refresh/');
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual({
      refresh: 'old-refresh',
    });
    expect((fetchMock.mock.calls[2]![1]!.headers as Record<string, string>).authorization).toBe(
      'Bearer new-access',
    );
    expect(tokenStorage.getAccess()).toBe('new-access');
    expect(tokenStorage.getRefresh()).toBe('new-refresh');
  });

  it('on a 401 takes the token another tab stored meanwhile instead of refreshing again', async () => {
    fetchMock
      .mockImplementationOnce(async () => {
        // Another tab refreshed while this request was on its way.
        tokenStorage.setTokens('other-tab-access', 'other-tab-refresh');
        return json(401, { message: 'ended', code: 'token_not_valid' });
      })
      .mockResolvedValueOnce(json(200, { value: 7 }));
    await expect(api.get('/things/')).resolves.toEqual({ value: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>).authorization).toBe(
      'Bearer other-tab-access',
    );
    expect(tokenStorage.getRefresh()).toBe('other-tab-refresh');
  });

  it('fetches a file with the token, after a refresh if need be, with the name it is sent under', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired', code: 'token_not_valid' }))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
      .mockResolvedValueOnce(
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="report-forms-4-east.pdf"',
          },
        }),
      );
    const file = await requestFile('/exams/3/report_cards/?class=7');
    expect(file.fileName).toBe('report-forms-4-east.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.3');
    expect((fetchMock.mock.calls[2]![1]!.headers as Record<string, string>).authorization).toBe(
      'Bearer new-access',
    );
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Not yours' }));
    await expect(requestFile('/exams/3/report_cards/?class=8')).rejects.toMatchObject({
      status: 403,
      message: 'Not yours',
    });
  });

  it('retries only once: a second 401 is the error', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(200, { access: 'a2', refresh: 'r2' }))
      .mockResolvedValueOnce(json(401, { message: 'still no' }));
    await expect(api.get('/things/')).rejects.toMatchObject({ status: 401, message: 'still no' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('signs the user out when the refresh token is not valid', async () => {
    const signedOut = vi.fn();
    const stop = onSignedOut(signedOut);
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(
        json(401, { message: 'Token is invalid or expired', code: 'token_not_valid' }),
      );
    await expect(api.get('/things/')).rejects.toMatchObject({ code: 'token_not_valid' });
    expect(signedOut).toHaveBeenCalledOnce();
    expect(tokenStorage.getAccess()).toBeNull();
    expect(tokenStorage.getRefresh()).toBeNull();
    stop();
  });

  it('tells the session when a one-time password must be changed first, and only then', async () => {
    const required = vi.fn();
    const stop = onPasswordChangeRequired(required);
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Not yours' }));
    await expect(api.get('/things/')).rejects.toMatchObject({ status: 403 });
    expect(required).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(
      json(403, {
        message: 'Change your one-time password to continue',
        code: 'password_change_required',
      }),
    );
    await expect(api.get('/things/')).rejects.toMatchObject({ code: 'password_change_required' });
    expect(required).toHaveBeenCalledOnce();
    stop();
  });

  it('shares one refresh between requests that fail together', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/token/refresh/') return json(200, { access: 'shared', refresh: 'r2' });
      const auth = (init!.headers as Record<string, string>).authorization;
      return auth === 'Bearer shared' ? json(200, { ok: true }) : json(401, { message: 'expired' });
    });
    await Promise.all([api.get('/a/'), api.get('/b/'), api.get('/c/')]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('turns a failed request into an ApiError with the server message and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        message: 'Class name is required',
        errors: { name: ['Class name is required'] },
      }),
    );
    const err = await api.post('/classes/', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      message: 'Class name is required',
      errors: { name: ['Class name is required'] },
    });
  });

  it('says so plainly when the network is down', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/things/')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
