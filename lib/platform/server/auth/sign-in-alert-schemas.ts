import { z } from 'zod';

// Imported by the console's frame: nothing here may pull server code into the browser.

/** How the platform's budget of failed driver PIN sign-ins stands (lib/platform/server/auth/get-sign-in-alert.ts). */
export const SignInAlertSchema = z
  .object({
    level: z.enum(['normal', 'elevated', 'paused']).meta({
      description:
        '`elevated`: at least half the budget is spent; `paused`: it is spent, and PIN sign-ins from devices that never signed in as that driver are refused until it drains',
    }),
    failures: z.number().int().meta({ description: 'Failed PIN sign-ins from unknown devices, all phones together, in the window' }),
    budget: z.number().int().meta({ description: 'DRIVER_PIN_FAILURE_BUDGET' }),
    phones: z.number().int().meta({ description: 'Different phone numbers those failures tried' }),
    addresses: z.number().int().meta({ description: 'Different client addresses (IPv6 by /64) they came from' }),
    window_minutes: z.number().int(),
  })
  .meta({ id: 'SignInAlert' });
export type SignInAlert = z.infer<typeof SignInAlertSchema>;
