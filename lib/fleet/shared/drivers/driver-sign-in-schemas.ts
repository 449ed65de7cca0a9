import { z } from 'zod';
import { weakPinReason } from '@/lib/platform/shared/auth/pin-policy';
import { PhoneSchema, PinSchema } from '@/lib/platform/shared/auth/schemas';

// Imported by the console's driver page: nothing here may pull server code into the browser.

/** `POST /api/ops/drivers/{id}/sign-in` and the console's: the phone the driver signs in with and the PIN an admin chose. */
export const SetDriverSignInBodySchema = z
  .object({
    phone: PhoneSchema.meta({ description: 'The driver’s sign-in name: a phone number in international form (E.164); no other user may have it' }),
    pin: PinSchema.meta({
      description:
        'Digits only, 6–12; stored as an Argon2id hash. The PINs guessed first are refused (400): one digit or a short block repeated or mirrored, runs of digits, dates, the end of the phone number, and the commonest PINs',
    }),
  })
  .superRefine((body, context) => {
    const reason = weakPinReason(body.pin, body.phone);
    if (reason) context.addIssue({ code: 'custom', path: ['pin'], message: reason });
  })
  .meta({ id: 'DriverSignInRequest', examples: [{ phone: '+966500000100', pin: '482913' }] });
export type SetDriverSignInBody = z.output<typeof SetDriverSignInBodySchema>;

/** A driver's sign-in (never the PIN or its hash). */
export const DriverSignInSchema = z
  .object({
    user_id: z.string(),
    driver_id: z.string(),
    phone: z.string().meta({ description: 'E.164' }),
  })
  .meta({ id: 'DriverSignIn' });
export type DriverSignInView = z.infer<typeof DriverSignInSchema>;

/** A one-time sign-in link for a driver: opened on their phone (a QR code), it signs them in once. */
export const SignInLinkSchema = z.object({
  url: z.string().meta({ description: '`$PUBLIC_URL/driver/link/{token}`' }),
  expires_at: z.string().meta({ description: 'UTC, `YYYY-MM-DD HH:MM:SS.mmm` like every timestamp of the API: 15 minutes after it was made' }),
});
export type SignInLinkView = z.infer<typeof SignInLinkSchema>;

/** `POST /api/session/link`: the token of a sign-in link (the last segment of its URL). */
export const SignInLinkBodySchema = z.object({ token: z.string().min(1, 'is required').max(100) });
