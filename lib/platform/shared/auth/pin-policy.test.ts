import { describe, expect, it } from 'vitest';
import { randomStrongPin, weakPinReason } from '@/lib/platform/shared/auth/pin-policy';

describe('weakPinReason', () => {
  it('refuses the PINs guessed first', () => {
    for (const pin of ['000000', '999999', '123456', '234567', '987654', '890123', '121212', '123123', '123321', '112233', '147258', '159753', '520520', '010190', '311299', '991231', '12121999', '19991231', '1234567890']) {
      expect(weakPinReason(pin), pin).not.toBeNull();
    }
  });

  it('refuses the end of the driver’s own phone number', () => {
    expect(weakPinReason('583017', '+966 50 058 3017')).not.toBeNull();
    expect(weakPinReason('583017', '+966500000001')).toBeNull();
  });

  it('accepts PINs without a pattern', () => {
    for (const pin of ['482915', '583017', '730164', '258036', '9051738264']) expect(weakPinReason(pin), pin).toBeNull();
  });

  it('suggests random PINs that pass, of the length asked', () => {
    for (let i = 0; i < 200; i++) {
      const pin = randomStrongPin(6, '+966500000100');
      expect(pin).toMatch(/^\d{6}$/);
      expect(weakPinReason(pin, '+966500000100')).toBeNull();
    }
  });
});
