import { describe, expect, it } from 'vitest';
import { CreateDispatchFormSchema, formFieldOf, type CreateDispatchFormInput } from '@/lib/dispatches/create-dispatch-form-schema';
import { CreateDispatchBodySchema } from '@/lib/dispatches/schemas';

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
    ...overrides,
  };
}

describe('CreateDispatchFormSchema', () => {
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

describe('formFieldOf', () => {
  it('sends a whole locale object’s error to its English input and leaves other paths alone', () => {
    expect(formFieldOf('vendor_name')).toBe('vendor_name.en-us');
    expect(formFieldOf('vendor_payload.order_details.3.item_name')).toBe('vendor_payload.order_details.3.item_name.en-us');
    expect(formFieldOf('user_metadata.email')).toBe('user_metadata.email');
    expect(formFieldOf('vendor_name.en-us')).toBe('vendor_name.en-us');
  });
});
