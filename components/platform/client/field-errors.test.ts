import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from '@/lib/platform/server/errors/domain-error';
import { fieldErrorsOf } from '@/components/platform/client/field-errors';

describe('fieldErrorsOf', () => {
  it('reads back what describeZodError wrote, field by field', () => {
    const schema = z.object({ pickup: z.object({ lat: z.number().max(90, 'must be <= 90') }), email: z.email('must be an email address') });
    const result = schema.safeParse({ pickup: { lat: 91 }, email: 'nope' });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(describeZodError(result.error!))).toEqual({ 'pickup.lat': 'must be <= 90', email: 'must be an email address' });
  });

  it('keeps text that names no field', () => {
    expect(fieldErrorsOf('vendor_oid: a dispatch with vendor_oid "A; B" already exists')).toEqual({
      vendor_oid: 'a dispatch with vendor_oid "A; B" already exists',
    });
    expect(fieldErrorsOf('Something odd')).toEqual({ '': 'Something odd' });
  });
});
