import { describe, expect, it } from 'vitest';
import {
  classIdsParam,
  internationalPhone,
  kesFromCents,
  messageStatusOf,
  sendMessageBody,
  smsParts,
} from './messages';

describe('smsParts', () => {
  it('counts plain Swahili as GSM-7: 160 in one part, 153 a part once split', () => {
    const habari = 'Habari mzazi, mkutano wa wazazi ni Ijumaa saa nane mchana. Karibu! ';
    expect(smsParts('')).toEqual({ encoding: 'GSM-7', units: 0, parts: 0, perPart: 160 });
    expect(smsParts(habari).encoding).toBe('GSM-7');
    expect(smsParts('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      units: 160,
      parts: 1,
      perPart: 160,
    });
    expect(smsParts('a'.repeat(161))).toMatchObject({ parts: 2, perPart: 153 });
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
  });

  it('counts an extension character (€, [, ]) as two septets', () => {
    expect(smsParts('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsParts(`${'a'.repeat(159)}[`)).toMatchObject({ units: 161, parts: 2 });
  });

  it('turns the whole text UCS-2 for one emoji or curly quote: 70, then 67 a part', () => {
    expect(smsParts('Asante sana 🙏')).toMatchObject({ encoding: 'UCS-2', units: 14, parts: 1 });
    expect(smsParts(`Mwalimu’s ${'a'.repeat(60)}`)).toMatchObject({
      encoding: 'UCS-2',
      units: 70,
      parts: 1,
      perPart: 70,
    });
    expect(smsParts(`🙏${'a'.repeat(69)}`)).toMatchObject({ units: 71, parts: 2, perPart: 67 });
    expect(smsParts('ü'.repeat(160)).encoding).toBe('GSM-7');
  });
});

describe('sendMessageBody', () => {
  it('takes classes and content, and refuses past six parts with the field message', () => {
    expect(sendMessageBody.parse({ classes: ['3'], content: ' Hello ' })).toEqual({
      classes: [3],
      content: 'Hello',
    });
    const tooLong = sendMessageBody.safeParse({ classes: [1], content: 'a'.repeat(919) });
    expect(tooLong.error?.issues[0]?.message).toBe('Message must fit in 6 SMS parts');
    expect(sendMessageBody.safeParse({ classes: [1], content: 'a'.repeat(918) }).success).toBe(
      true,
    );
    expect(sendMessageBody.safeParse({ classes: [], content: 'x' }).error?.issues[0]?.message).toBe(
      'Choose at least one class',
    );
    expect(
      sendMessageBody.safeParse({ classes: [1], content: '  ' }).error?.issues[0]?.message,
    ).toBe('Message is required');
    expect(
      sendMessageBody.safeParse({ classes: [1], content: 'a\u0000b' }).error?.issues[0]?.message,
    ).toBe('Message must not contain control characters');
  });
});

describe('the rest', () => {
  it('derives the badge, the phone a gateway takes, and shillings from cents', () => {
    const none = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0 };
    expect(messageStatusOf({ ...none, queued: 1, failed: 1 })).toBe('sending');
    expect(messageStatusOf({ ...none, delivered: 2, failed: 1 })).toBe('failed');
    expect(messageStatusOf({ ...none, delivered: 2, sent: 1 })).toBe('sent');
    expect(internationalPhone('0712345678')).toBe('+254712345678');
    expect(internationalPhone('0110345678')).toBe('+254110345678');
    expect(kesFromCents(1280)).toBe('12.80');
    expect(kesFromCents(5)).toBe('0.05');
  });
});

describe('classIdsParam', () => {
  it('reads comma-separated ids and refuses none or a bad one', () => {
    expect(classIdsParam.parse('1,2, 3')).toEqual([1, 2, 3]);
    expect(classIdsParam.safeParse('').error?.issues[0]?.message).toBe('Choose at least one class');
    // On the parameter itself: a query string has no parts of its own.
    expect(classIdsParam.safeParse('1,x').error?.issues).toEqual([
      expect.objectContaining({ path: [], message: 'Class is required' }),
    ]);
    expect(classIdsParam.safeParse('1,1.5').error?.issues[0]?.message).toBe(
      'Class must be a whole number',
    );
    expect(classIdsParam.safeParse('99999999999').success).toBe(false);
  });
});
