import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * What a phone received from the e2e server's fake SMS gateway (scripts/e2e-server.mjs writes
 * where it listens; apps/api/src/test/fake-africastalking.ts keeps every text it was sent).
 */
function gatewayUrl() {
  const port = process.env.E2E_PORT ?? '3210';
  const file = path.join(tmpdir(), `shule-e2e-${port}-sms-gateway.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { url: string }).url;
}

/** Every SMS `phone` (0712345678) has received, oldest first. */
export async function smsTo(phone: string): Promise<string[]> {
  const res = await fetch(`${gatewayUrl()}/test/inbox?to=${phone}`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as { messages: string[] }).messages;
}

/**
 * The code of the next code SMS to reach `phone` after it had received `before` SMS: the outbox
 * worker sends within a second or two.
 */
export async function nextCodeTo(phone: string, before: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await smsTo(phone)).slice(before);
        code = texts.find((text) => /^\d{6} is your code/.test(text))?.slice(0, 6);
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
