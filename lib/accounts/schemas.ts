import { z } from 'zod';
import { requiredText } from '@/lib/validation/primitives';

export const CreateAccountBodySchema = z.object({ name: requiredText(200) }).meta({ id: 'CreateAccountRequest' });

export const CreatedAccountSchema = z
  .object({
    data: z.object({
      id: z.string(),
      name: z.string(),
      api_key: z.string().meta({ description: 'Shown once; only its hash is stored' }),
      webhook_secret: z.string().meta({ description: 'Standard Webhooks signing secret (`whsec_…`)' }),
    }),
  })
  .meta({ id: 'CreatedAccount' });

/** What the dashboard sends to create an API key: a name to recognise it by. */
export const CreateApiKeyBodySchema = z.object({ name: requiredText(100) });
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>;

/** An API key as listed: never the key itself or its hash, only the prefix to recognise it. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().meta({ description: 'The first characters of the key (`dsp_live_AbCdEf`)' }),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeySchema>;

/** A key just created: the only time the full key is returned. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string().meta({ description: 'Shown once; only its hash is stored' }) });
export type CreatedApiKeyView = z.infer<typeof CreatedApiKeySchema>;

/** The account's delivery tariff as the dashboard shows it (minor units of `currency`). */
export const TariffSchema = z.object({
  currency: z.string(),
  base_fare_minor: z.number().int(),
  per_km_minor: z.number().int(),
  min_fare_minor: z.number().int(),
  vat_rate_bps: z.number().int(),
});
export type TariffView = z.infer<typeof TariffSchema>;
