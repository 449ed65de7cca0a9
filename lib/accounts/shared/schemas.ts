import { z } from 'zod';
import { CurrencySchema, requiredText } from '@/lib/platform/shared/validation/primitives';

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

/** An account's operating modes, as the console and the ops API show and change them. */
export const AccountModesSchema = z
  .object({
    auto_assign: z.boolean().meta({ description: 'New dispatches are planned by the dispatch engine: bundled per pickup and offered to an on-duty driver timed to arrive when the food is ready' }),
    sandbox: z.boolean().meta({ description: 'Simulated drivers move the account’s dispatches through their lifecycle and fire its real webhooks' }),
    sandbox_speed_kmh: z
      .number()
      .int()
      .min(5)
      .max(5000)
      .meta({ description: 'Speed of the sandbox’s simulated drivers (km/h); high values run a whole lifecycle in seconds' }),
  })
  .meta({ id: 'AccountModes' });
export type AccountModes = z.infer<typeof AccountModesSchema>;

/** A change of modes: any subset of the fields. */
export const UpdateAccountModesBodySchema = AccountModesSchema.partial().meta({ id: 'UpdateAccountModesRequest' });
export type UpdateAccountModesBody = z.input<typeof UpdateAccountModesBodySchema>;

/** An account as the console lists it. */
export const AccountSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: z.string().meta({ description: 'ISO 8601, UTC' }),
  })
  .extend(AccountModesSchema.shape)
  .meta({ id: 'AccountSummary' });
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** `GET /api/admin/accounts`: newest first, optionally only names containing `q`. */
export const ListAccountsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

/** `PUT /api/admin/accounts/{id}/tariff`: the whole tariff, in minor units of `currency`. */
export const UpdateTariffBodySchema = z.object({
  currency: CurrencySchema,
  base_fare_minor: z.number().int('must be a whole number of minor units').min(0, 'must be at least 0').max(100_000_000, 'must be at most 100000000'),
  per_km_minor: z.number().int('must be a whole number of minor units').min(0, 'must be at least 0').max(100_000_000, 'must be at most 100000000'),
  min_fare_minor: z.number().int('must be a whole number of minor units').min(0, 'must be at least 0').max(100_000_000, 'must be at most 100000000'),
  vat_rate_bps: z.number().int('must be whole basis points').min(0, 'must be at least 0').max(10_000, 'must be at most 10000 (100 %)'),
});
export type UpdateTariffBody = z.input<typeof UpdateTariffBodySchema>;

const RATE_NUMBER = z.number().int('must be a whole number').min(0, 'must be at least 0').max(1_000_000, 'must be at most 1000000');

/** The API rate limit an account's `/ext` requests are held to (lib/platform/server/rate-limit/token-bucket.ts). */
export const AccountRateLimitSchema = z
  .object({
    per_second: z.number().int().meta({ description: 'Requests per second that refill the account’s token bucket; 0: no limit' }),
    burst: z.number().int().meta({ description: 'The bucket’s size: requests the account may send at once after a quiet spell; 0: no limit' }),
    is_default: z.boolean().meta({ description: 'The server’s default (`API_RATE_LIMIT_PER_S`, `API_RATE_LIMIT_BURST`), not the account’s own' }),
  })
  .meta({ id: 'AccountRateLimit' });
export type AccountRateLimit = z.infer<typeof AccountRateLimitSchema>;

/** `PUT …/accounts/{id}/rate-limit`: the account's own limit; both null: back to the default; both 0: no limit. */
export const UpdateRateLimitBodySchema = z
  .object({
    per_second: RATE_NUMBER.nullable().meta({ description: 'Requests per second; null (with `burst` null): the server’s default; 0 (with `burst` 0): no limit' }),
    burst: RATE_NUMBER.nullable().meta({ description: 'Requests at once after a quiet spell; null or 0 together with `per_second`' }),
  })
  .refine((body) => (body.per_second === null) === (body.burst === null), {
    path: ['burst'],
    message: 'per_second and burst are both null (the default) or both numbers',
  })
  .refine((body) => body.per_second === null || (body.per_second === 0) === (body.burst === 0), {
    path: ['burst'],
    message: 'per_second and burst are both 0 (no limit) or both at least 1',
  })
  .meta({ id: 'UpdateRateLimitRequest', examples: [{ per_second: 50, burst: 100 }, { per_second: null, burst: null }] });
export type UpdateRateLimitBody = z.input<typeof UpdateRateLimitBodySchema>;

/** One account as the console's account page shows it. */
export const AccountDetailSchema = AccountSummarySchema.extend({ tariff: TariffSchema, rate_limit: AccountRateLimitSchema });
export type AccountDetail = z.infer<typeof AccountDetailSchema>;

/** A staff sign-in of an account as the console lists it (never the password hash). */
export const AccountUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), created_at: z.string(), disabled_at: z.string().nullable() });
export type AccountUserView = z.infer<typeof AccountUserSchema>;
