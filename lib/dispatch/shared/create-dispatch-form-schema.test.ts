import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatchFormSchema, formFieldOf, pickupReadyAtOf, type CreateDispatchFormInput } from '@/lib/dispatch/shared/create-dispatch-form-schema';
import { CreateDispatchBodySchema } from '@/lib/dispatch/shared/schemas';

function formValues(overrides: Partial<CreateDispatchFormInput> = {}): CreateDispatchFormInput {
  return {
    vendor_bid: 'olaya',
    pickup: { lat: 24.7136, lng: 46.6753, address_line: 'Olaya St' },
    destination: { lat: 24.7743, lng: 46.7386 },
    user_metadata: { id: 'cust-1', email: 'sara@example.com', phone: '+966500000042' },
    vendor_id: 'acc_1',
    vendor_name: { 'en-us': 'Burger House', 'ar-sa': '' },
    vendor_oid: 'ord-1',
    vendor_payload: {
      currency: 'SAR',
      order_details: [{ item_name: { 'en-us': ' Fries ', 'ar-sa': 'بطاطس' }, count: 2, price: 9.5 }],
    },
    ready: { mode: 'now' },
    ...overrides,
  };
}

const CreateDispatchFormSchema = createDispatchFormSchema({ currency: 'SAR' });

describe('createDispatchFormSchema', () => {
  it('turns the two name inputs into locale text, dropping a blank Arabic name, and the result is a valid create request', () => {
    const parsed = CreateDispatchFormSchema.parse(formValues());
    expect(parsed.vendor_name).toEqual({ 'en-us': 'Burger House' });
    expect(parsed.vendor_payload.order_details[0]!.item_name).toEqual({ 'en-us': 'Fries', 'ar-sa': 'بطاطس' });
    expect(CreateDispatchBodySchema.parse(parsed)).toEqual(parsed);
  });

  it('reports errors at the paths of the form fields, with the API’s messages', () => {
    const result = CreateDispatchFormSchema.safeParse(
      formValues({
        user_metadata: { id: 'cust-1', email: 'nope', phone: '+966500000042' },
        vendor_oid: ' ',
        vendor_name: { 'en-us': '', 'ar-sa': 'بيت البرجر' },
      }),
    );
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toMatchObject({
      'user_metadata.email': 'must be an email address',
      vendor_oid: 'must not be empty',
      'vendor_name.en-us': 'must not be empty',
    });
  });
});

describe('the schedule, the drop-off details and the tip', () => {
  afterEach(() => vi.useRealTimers());

  function issuesOf(overrides: Partial<CreateDispatchFormInput>): Record<string, string> {
    const result = CreateDispatchFormSchema.safeParse(formValues(overrides));
    expect(result.success).toBe(false);
    return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
  }

  it('sends "now" without a pickup_ready_at, and "in 90 minutes" as that instant in UTC', () => {
    vi.useFakeTimers({ now: new Date('2026-03-22T10:00:00Z'), toFake: ['Date'] });
    expect(CreateDispatchFormSchema.parse(formValues())).not.toHaveProperty('pickup_ready_at');
    const parsed = CreateDispatchFormSchema.parse(formValues({ ready: { mode: 'in', minutes: 90 } }));
    expect(parsed.pickup_ready_at).toBe('2026-03-22T11:30:00.000Z');
    expect(CreateDispatchBodySchema.parse(parsed)).toEqual(parsed);
  });

  it('reads "at a time" and the deadline in the browser’s clock and checks them by the API’s rules, at their inputs', () => {
    const local = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60_000);
    const inThreeHours = new Date(Date.now() + 3 * 60 * 60_000);
    const parsed = CreateDispatchFormSchema.parse(formValues({ ready: { mode: 'at', at: local(inTwoHours) }, deadline: local(inThreeHours) }));
    expect(Math.abs(Date.parse(parsed.pickup_ready_at!) - inTwoHours.getTime())).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(parsed.dropoff_deadline!) - inThreeHours.getTime())).toBeLessThan(60_000);

    expect(issuesOf({ ready: { mode: 'at', at: local(inThreeHours) }, deadline: local(inTwoHours) })).toEqual({ deadline: 'must be after pickup_ready_at' });
    expect(issuesOf({ ready: { mode: 'in', minutes: 8 * 24 * 60 } })).toEqual({ 'ready.minutes': 'must be at most 10080' });
    expect(issuesOf({ ready: { mode: 'in' } })).toEqual({ 'ready.minutes': 'is required' });
    expect(issuesOf({ ready: { mode: 'at', at: '2020-01-01T10:00' } })).toEqual({ 'ready.at': 'must not be in the past' });
  });

  it('takes the tip in major units and sends minor units of the account currency, with the drop-off details', () => {
    const parsed = CreateDispatchFormSchema.parse(formValues({ tip: 12.5, contactless: true, dropoff_instructions: ' Gate 4 ' }));
    expect(parsed).toMatchObject({ tip: 1250, contactless: true, dropoff_instructions: 'Gate 4' });
    expect(createDispatchFormSchema({ currency: 'KWD' }).parse(formValues({ tip: 1.25 })).tip).toBe(1250);
    expect(issuesOf({ tip: 10_000.01 })).toEqual({ tip: 'must be at most 10000' });
    expect(issuesOf({ tip: -1 })).toEqual({ tip: 'must not be negative' });
  });

  it('gives the estimate the same pickup_ready_at as the create', () => {
    expect(pickupReadyAtOf({ mode: 'now' }, 0)).toBeUndefined();
    expect(pickupReadyAtOf({ mode: 'in', minutes: 90 }, Date.parse('2026-03-22T10:00:00Z'))).toBe('2026-03-22T11:30:00.000Z');
    expect(pickupReadyAtOf({ mode: 'in' }, 0)).toBeUndefined();
    expect(pickupReadyAtOf({ mode: 'at', at: '' }, 0)).toBeUndefined();
  });
});

describe('formFieldOf', () => {
  it('sends the planned times’ errors to the schedule inputs in use', () => {
    expect(formFieldOf('pickup_ready_at', 'in')).toBe('ready.minutes');
    expect(formFieldOf('pickup_ready_at', 'at')).toBe('ready.at');
    expect(formFieldOf('dropoff_deadline', 'in')).toBe('deadline');
  });

  it('sends a whole locale object’s error to its English input and leaves other paths alone', () => {
    expect(formFieldOf('vendor_name')).toBe('vendor_name.en-us');
    expect(formFieldOf('vendor_payload.order_details.3.item_name')).toBe('vendor_payload.order_details.3.item_name.en-us');
    expect(formFieldOf('user_metadata.email')).toBe('user_metadata.email');
    expect(formFieldOf('vendor_name.en-us')).toBe('vendor_name.en-us');
  });
});
