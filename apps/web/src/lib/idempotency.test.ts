import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, useIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('is 32 hex characters, new every time', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('useIdempotencyKey', () => {
  it('keeps one key across renders (retries) until renewed after a save', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.current();
    rerender();
    expect(result.current.current()).toBe(first);
    result.current.renew();
    rerender();
    const second = result.current.current();
    expect(second).not.toBe(first);
    expect(result.current.current()).toBe(second);
  });

  it('gives each opened form its own key', () => {
    const a = renderHook(() => useIdempotencyKey()).result.current.current();
    const b = renderHook(() => useIdempotencyKey()).result.current.current();
    expect(a).not.toBe(b);
  });
});
