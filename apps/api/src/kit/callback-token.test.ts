import { describe, expect, it } from 'vitest';
import { isCallbackToken } from './callback-token';

describe('isCallbackToken', () => {
  it('takes the configured token only', () => {
    expect(isCallbackToken('s3cret-token', 's3cret-token')).toBe(true);
    expect(isCallbackToken('s3cret-tokeN', 's3cret-token')).toBe(false);
    expect(isCallbackToken('s3cret', 's3cret-token')).toBe(false);
  });

  it('takes nothing when no token is configured', () => {
    expect(isCallbackToken('', undefined)).toBe(false);
    expect(isCallbackToken('', '')).toBe(false);
    expect(isCallbackToken('anything', undefined)).toBe(false);
  });
});
