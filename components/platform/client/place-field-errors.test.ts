import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/components/platform/client/api-fetch';
import { placeFieldErrors } from '@/components/platform/client/place-field-errors';

type Form = { name: string; email: string; password: string };

describe('placeFieldErrors', () => {
  it('places the messages of the named fields, focusing the first in the form’s order', () => {
    const setError = vi.fn();
    const error = new ApiClientError(400, 'invalid_request', 'password: too short; email: must be an email address; extra: ignored');
    expect(placeFieldErrors<Form>(error, ['name', 'email', 'password'], setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'must be an email address' }, { shouldFocus: true }],
      ['password', { message: 'too short' }, { shouldFocus: false }],
    ]);
  });

  it('places nothing when no field of the form is named, or the failure is not a 400', () => {
    const setError = vi.fn();
    expect(placeFieldErrors<Form>(new ApiClientError(400, 'invalid_request', 'other: bad'), ['name'], setError)).toBe(false);
    expect(placeFieldErrors<Form>(new ApiClientError(409, 'duplicate', 'name: taken'), ['name'], setError)).toBe(false);
    expect(placeFieldErrors<Form>(new Error('offline'), ['name'], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
