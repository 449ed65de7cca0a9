import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateDispatchBodySchema } from '@/lib/dispatch/shared/schemas';
import { localizeValidationMessage } from '@/components/platform/i18n/validation-messages';

describe('localizeValidationMessage', () => {
  it('leaves English as it is', () => {
    expect(localizeValidationMessage('must be an email address', 'en')).toBe('must be an email address');
  });

  it('translates messages and message shapes, keeping their numbers', () => {
    expect(localizeValidationMessage('must be an email address', 'ar')).toBe('يجب أن يكون عنوان بريد إلكتروني صحيحًا');
    expect(localizeValidationMessage('must be <= 90', 'ar')).toBe('يجب ألا يزيد عن 90');
    expect(localizeValidationMessage('must be at least 10 characters', 'ar')).toBe('يجب ألا يقل عن 10 أحرف');
  });

  it('has Arabic for every message the create form can show', () => {
    // Everything wrong at once: each field's message must be one we translate.
    const result = CreateDispatchBodySchema.safeParse({
      pickup: { lat: 91, lng: -181, address_line: 'x'.repeat(1001) },
      destination: { lat: -91, lng: 181 },
      user_metadata: { id: ' ', email: 'nope', phone: 'abc' },
      vendor_logo_url: 'ftp://x',
      vendor_id: '',
      vendor_name: {},
      vendor_oid: '',
      vendor_bid: '',
      vendor_payload: { pickup_wait_time: 1.5, order_price: -1, currency: 'sar', order_details: [{ count: 0, price: -1 }] },
    });
    expect(result.success).toBe(false);
    const untranslated = (result.error as z.ZodError).issues
      .map((issue) => issue.message)
      .filter((message) => localizeValidationMessage(message, 'ar') === message);
    expect(untranslated).toEqual([]);
  });
});
