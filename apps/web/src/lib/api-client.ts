import type { ApiErrorBody } from '@shule/shared/api';
import { PASSWORD_CHANGE_REQUIRED, TOKEN_NOT_VALID } from '@shule/shared/auth-constants';
import { IDEMPOTENCY_HEADER } from '@shule/shared/idempotency';
import { tokenStorage } from './storage';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE =
  'Could not reach Shule. Check your internet connection and try again.';

/** Listeners of one event of the session: `listen` answers the function that stops listening. */
function sessionEvent() {
  const listeners = new Set<() => void>();
  return {
    listen(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    fire() {
      for (const listener of listeners) listener();
    },
  };
}

const signedOut = sessionEvent();
/** Called when the refresh token is no longer valid: the session is over. */
export const onSignedOut = signedOut.listen;

const passwordChangeRequired = sessionEvent();
/**
 * Called when the API refuses a call because the password is still a one-time password: the
 * app shows the change screen, whatever screen asked.
 */
export const onPasswordChangeRequired = passwordChangeRequired.listen;

async function parseError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = await res.json();
  } catch {
    // not JSON: keep the status text
  }
  return new ApiError(
    body.message ?? res.statusText ?? 'Request failed',
    res.status,
    body.code,
    body.errors,
  );
}

// One refresh at a time: requests that fail together wait for the same new token.
let refreshing: Promise<string> | null = null;

/**
 * A new access token in place of `refused`. Tabs share the tokens (localStorage) and a refresh
 * token spent twice ends every session of the account (decision 010), so tabs refresh one at a
 * time (a Web Lock, where the browser has it: secure origins) and a tab that finds a token
 * another tab stored meanwhile uses it instead of refreshing again.
 */
function refreshAccessToken(refused: string | null): Promise<string> {
  const refreshOnce = async () => {
    const stored = tokenStorage.getAccess();
    if (stored && stored !== refused) return stored;
    const refresh = tokenStorage.getRefresh();
    if (!refresh) throw new ApiError('Your session has ended', 401, TOKEN_NOT_VALID);
    const res = await fetch('/api/token/refresh/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) throw await parseError(res);
    const tokens = (await res.json()) as { access: string; refresh: string };
    tokenStorage.setTokens(tokens.access, tokens.refresh);
    return tokens.access;
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('shule-token-refresh', refreshOnce) : refreshOnce();
}

interface RequestOptions {
  body?: unknown;
  /** Send without the bearer token and without the refresh retry. */
  anonymous?: boolean;
  /** A creating write's key (useIdempotencyKey): sent again, it is not written twice. */
  idempotencyKey?: string;
}

async function send(method: string, path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = {};
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body: isForm
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0, 'network_error');
  }
}

/** Sends a request with the bearer token and, on a 401, one refresh and one retry. */
async function sendWithRefresh(method: string, path: string, options: RequestOptions) {
  const sent = tokenStorage.getAccess();
  let res = await send(method, path, options, sent);
  if (res.status === 401 && !options.anonymous && tokenStorage.getRefresh()) {
    let access: string;
    try {
      refreshing ??= refreshAccessToken(sent).finally(() => {
        refreshing = null;
      });
      access = await refreshing;
    } catch (err) {
      if (err instanceof ApiError && err.code === TOKEN_NOT_VALID) {
        tokenStorage.clear();
        signedOut.fire();
        throw err;
      }
      throw await parseError(res);
    }
    res = await send(method, path, options, access);
  }
  if (!res.ok) {
    const err = await parseError(res);
    if (err.status === 403 && err.code === PASSWORD_CHANGE_REQUIRED) {
      passwordChangeRequired.fire();
    }
    throw err;
  }
  return res;
}

/**
 * The one way the web app calls the API: bearer token, JSON in and out, and on a 401 one refresh
 * and one retry. A refused refresh (token_not_valid) ends the session.
 */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const res = await sendWithRefresh(method, path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A file the API makes (a PDF), with the name its content-disposition gives, if any. */
export async function requestFile(
  path: string,
): Promise<{ blob: Blob; fileName: string | null; headers: Headers }> {
  const res = await sendWithRefresh('GET', path, {});
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), fileName, headers: res.headers };
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};

/** The message to show a user for a failed call. */
export const errorMessage = (err: unknown, fallback = 'Something went wrong. Please try again.') =>
  err instanceof ApiError ? err.message : fallback;
