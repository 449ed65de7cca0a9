import type { z } from 'zod';
import { dataEnvelope } from '@/lib/platform/shared/envelope';
import { assertAccountExists } from '@/lib/accounts/server/assert-account-exists';
import { createAccount } from '@/lib/accounts/server/create-account';
import { createApiKey } from '@/lib/accounts/server/internal/create-api-key';
import { getAccountDetail } from '@/lib/accounts/server/get-account-detail';
import { listAccountUsers } from '@/lib/accounts/server/internal/list-account-users';
import { listAccounts } from '@/lib/accounts/server/list-accounts';
import { listApiKeys } from '@/lib/accounts/server/internal/list-api-keys';
import { AccountProofOfDeliverySchema, UpdateProofOfDeliveryBodySchema } from '@/lib/accounts/shared/proof-of-delivery-schemas';
import { revokeApiKey } from '@/lib/accounts/server/internal/revoke-api-key';
import { AccountModesSchema, AccountRateLimitSchema, CreateAccountBodySchema, CreateApiKeyBodySchema, CreatedAccountSchema, ListAccountsQuerySchema, TariffSchema, UpdateAccountModesBodySchema, UpdateRateLimitBodySchema, UpdateTariffBodySchema } from '@/lib/accounts/shared/schemas';
import { getAccountModes, updateAccountModes } from '@/lib/accounts/server/update-account-modes';
import { getProofOfDelivery, updateProofOfDelivery } from '@/lib/accounts/server/update-proof-of-delivery';
import { updateRateLimit } from '@/lib/accounts/server/internal/update-rate-limit';
import { updateTariff } from '@/lib/accounts/server/internal/update-tariff';
import { createUser } from '@/lib/platform/server/auth/create-user';
import { CreateStaffBodySchema, StaffUserResponseSchema } from '@/lib/platform/shared/auth/schemas';
import { createdResponse, jsonResponse, type SuccessResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation, targetAccountId, type AudienceDoc } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { parseQuery } from '@/lib/platform/server/validation/parse-input';

// Vendor accounts, their settings, staff sign-ins and API keys: the console's and the operator
// API's operations on any account, and the dashboard's on its own (lib/platform/server/http/operation.ts).

export const createAccountOperation = defineOperation()({
  method: 'POST',
  mounts: { admin: '/api/admin/accounts', ops: '/api/ops/accounts' },
  body: { schema: CreateAccountBodySchema, description: 'The account to create.' },
  responses: { '201': createdResponse(CreatedAccountSchema) },
  docs: {
    ops: {
      operationId: 'opsCreateAccount',
      summary: 'Create a vendor account',
      description:
        'Creates an account with its first API key and its webhook signing secret. Both are returned in this response only; the key is stored as a hash and cannot be shown again.',
    },
  },
  run: async ({ input }) => dataReply(await createAccount(input), 201),
});

/** Every vendor account, newest first (the console's account picker and list). */
export const listAccountsOperation = defineOperation()({
  method: 'GET',
  mounts: { admin: '/api/admin/accounts' },
  run: async ({ request }) => ({ status: 200, body: await listAccounts({ query: parseQuery(ListAccountsQuerySchema, request) }) }),
});

/** One account: name, modes and tariff. */
export const accountDetailOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/accounts/{id}' },
  run: async ({ params }) => dataReply(await getAccountDetail({ accountId: params.id })),
});

type SettingAudience = 'admin' | 'ops';

/**
 * An account setting as the console and the operator API read or change it, at
 * `/api/<audience>/accounts/{id}/<setting>`: the account is the path's `{id}` (the document's 404
 * when there is none) and the answer is the setting as it now stands, `{ data }`. Each operation
 * keeps its own audiences, body, answer and the operator API's words.
 */
function accountSettingOperation<A extends SettingAudience, M extends 'GET' | 'PUT' | 'PATCH', S extends z.ZodType | undefined = undefined>(setting: {
  method: M;
  setting: string;
  audiences: readonly A[];
  body?: { schema: NonNullable<S>; description: string };
  /** The 200, in the document. */
  answer: SuccessResponse;
  /** The operator API's words. */
  docs: AudienceDoc;
  run: (target: { accountId: string; input: S extends z.ZodType ? z.output<S> : undefined }) => Promise<unknown>;
}) {
  const mounts = Object.fromEntries(setting.audiences.map((audience) => [audience, `/api/${audience}/accounts/{id}/${setting.setting}`]));
  return defineOperation<{ id: string }>()({
    method: setting.method,
    mounts: mounts as { [K in A]: `/${string}` },
    pathId: 'account',
    body: setting.body,
    responses: { '200': setting.answer },
    docs: { ops: setting.docs } as { [K in A & 'ops']: AudienceDoc },
    run: async ({ params, input }) => dataReply(await setting.run({ accountId: params.id, input })),
  });
}

const ModesResponseSchema = dataEnvelope(AccountModesSchema);

export const getModesOperation = accountSettingOperation({
  method: 'GET',
  setting: 'modes',
  audiences: ['ops'],
  answer: jsonResponse('The modes.', ModesResponseSchema),
  docs: { operationId: 'opsGetAccountModes', summary: 'Read an account’s modes (auto-assign, sandbox)' },
  run: getAccountModes,
});

export const updateModesOperation = accountSettingOperation({
  method: 'PATCH',
  setting: 'modes',
  audiences: ['admin', 'ops'],
  body: { schema: UpdateAccountModesBodySchema, description: 'The modes to change.' },
  answer: jsonResponse('All the modes after the change.', ModesResponseSchema),
  docs: {
    operationId: 'opsUpdateAccountModes',
    summary: 'Change an account’s modes',
    description:
      'Any subset of the fields. `auto_assign` hands new dispatches to the dispatch engine, which bundles them per pickup and offers each trip to an on-duty driver timed to arrive when the food is ready. `sandbox` hands the account’s dispatches to simulated drivers that move at `sandbox_speed_kmh` and fire the account’s real webhooks.',
  },
  run: updateAccountModes,
});

const ProofOfDeliveryResponseSchema = dataEnvelope(AccountProofOfDeliverySchema);

export const getProofOfDeliveryOperation = accountSettingOperation({
  method: 'GET',
  setting: 'proof-of-delivery',
  audiences: ['admin', 'ops'],
  answer: jsonResponse('The requirement.', ProofOfDeliveryResponseSchema),
  docs: { operationId: 'opsGetProofOfDelivery', summary: 'Read an account’s proof-of-delivery requirement' },
  run: getProofOfDelivery,
});

export const updateProofOfDeliveryOperation = accountSettingOperation({
  method: 'PUT',
  setting: 'proof-of-delivery',
  audiences: ['admin', 'ops'],
  body: { schema: UpdateProofOfDeliveryBodySchema, description: 'The requirement.' },
  answer: jsonResponse('The requirement after the change.', ProofOfDeliveryResponseSchema),
  docs: {
    operationId: 'opsUpdateProofOfDelivery',
    summary: 'Set an account’s proof-of-delivery requirement',
    description:
      'What a driver must provide in the driver app before recording `delivered` for the account’s dispatches: `none`, `photo`, `signature`, or `pin` (the 4-digit code shown on the customer’s tracking page, checked by the server). Without it the driver’s delivery is refused. Proof photos and signatures reach the vendor as `media_url` links. Applies from the next delivery attempt, also to dispatches already under way.',
  },
  run: updateProofOfDelivery,
});

export const updateRateLimitOperation = accountSettingOperation({
  method: 'PUT',
  setting: 'rate-limit',
  audiences: ['admin', 'ops'],
  body: { schema: UpdateRateLimitBodySchema, description: 'The account’s limit, or nulls for the default.' },
  answer: jsonResponse('The limit now in force.', dataEnvelope(AccountRateLimitSchema)),
  docs: {
    operationId: 'opsSetAccountRateLimit',
    summary: 'Set an account’s API rate limit',
    description:
      'The account’s own token bucket for the vendor API (`/ext/…`): `per_second` refills it, `burst` is its size. Both `null`: back to the server’s default (`API_RATE_LIMIT_PER_S`, `API_RATE_LIMIT_BURST`); both `0`: no limit for this account. Applies to the account’s next request on every server process.',
  },
  run: updateRateLimit,
});

export const updateTariffOperation = accountSettingOperation({
  method: 'PUT',
  setting: 'tariff',
  audiences: ['admin', 'ops'],
  body: { schema: UpdateTariffBodySchema, description: 'The whole tariff.' },
  answer: jsonResponse('The tariff now in force.', dataEnvelope(TariffSchema.meta({ id: 'Tariff' }))),
  docs: {
    operationId: 'opsUpdateTariff',
    summary: 'Replace an account’s tariff',
    description:
      'Delivery price = `base_fare_minor` + `per_km_minor` × road distance, at least `min_fare_minor`; VAT (`vat_rate_bps`, 1500 = 15 %) on top; amounts in minor units of `currency`. Estimates and new dispatches use it at once; existing dispatches keep their price.',
  },
  run: updateTariff,
});

/** The account's staff sign-ins. */
export const listUsersOperation = defineOperation<{ id: string }>()({
  method: 'GET',
  mounts: { admin: '/api/admin/accounts/{id}/users' },
  run: async ({ params }) => {
    await assertAccountExists({ accountId: params.id });
    return dataReply(await listAccountUsers({ accountId: params.id }));
  },
});

const CREATE_USER_NOTES = { invalid_request: 'A field failed validation, or the email is taken' };

export const createStaffUserOperation = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { admin: '/api/admin/accounts/{id}/users', ops: '/api/ops/accounts/{id}/users' },
  pathId: 'account',
  body: { schema: CreateStaffBodySchema, description: 'The staff member.' },
  responses: { '201': createdResponse(StaffUserResponseSchema) },
  errorNotes: CREATE_USER_NOTES,
  docs: {
    ops: {
      operationId: 'opsCreateStaffUser',
      summary: 'Create a staff sign-in for an account’s dashboard',
      description:
        'A restaurant staff member who signs in to the dashboard at `/login` with this email and password and sees only this account. Passwords are stored as Argon2id hashes.',
    },
  },
  run: async ({ params, input }) => dataReply(await createUser({ input: { ...input, role: 'staff', accountId: params.id } }), 201),
});

export const createAdminOperation = defineOperation()({
  method: 'POST',
  mounts: { ops: '/api/ops/admins' },
  body: { schema: CreateStaffBodySchema, description: 'The admin.' },
  responses: { '201': createdResponse(StaffUserResponseSchema) },
  errorNotes: CREATE_USER_NOTES,
  docs: {
    ops: {
      operationId: 'opsCreateAdmin',
      summary: 'Create a platform admin',
      description:
        'An admin signs in at `/login` like staff and lands in the console at `/admin`: every account’s dispatches, drivers, fleets and accounts. `npm start` seeds one with the demo and prints its password.',
    },
  },
  run: async ({ input }) => dataReply(await createUser({ input: { ...input, role: 'admin', accountId: null } }), 201),
});

/** The account's API keys (prefixes only), revoked ones included. */
export const listApiKeysOperation = defineOperation<{ id?: string }>()({
  method: 'GET',
  mounts: { staff: '/api/staff/api-keys', admin: '/api/admin/accounts/{id}/api-keys' },
  run: async (context) => {
    const accountId = targetAccountId(context);
    if (context.audience === 'admin') await assertAccountExists({ accountId });
    return dataReply(await listApiKeys({ accountId }));
  },
});

/** Create an API key; the key is in this answer only (never stored by a cache: every API answer is `no-store`). */
export const createApiKeyOperation = defineOperation<{ id?: string }>()({
  method: 'POST',
  mounts: { staff: '/api/staff/api-keys', admin: '/api/admin/accounts/{id}/api-keys' },
  body: { schema: CreateApiKeyBodySchema, description: 'The key’s label.' },
  run: async (context) => {
    const accountId = targetAccountId(context);
    if (context.audience === 'admin') await assertAccountExists({ accountId });
    return dataReply(await createApiKey({ accountId, input: context.input }), 201);
  },
});

/** Revoke an API key: requests with it answer 401 from now on. The console's path names the account and the key. */
export const revokeApiKeyOperation = defineOperation<{ id: string; keyId?: string }>()({
  method: 'DELETE',
  mounts: { staff: '/api/staff/api-keys/{id}', admin: '/api/admin/accounts/{id}/api-keys/{keyId}' },
  run: async (context) => {
    const id = context.audience === 'admin' ? context.params.keyId! : context.params.id;
    await revokeApiKey({ accountId: context.audience === 'admin' ? context.params.id : context.caller.accountId, id });
    return { status: 204 };
  },
});

/** The operations of this file in the OpenAPI document, in its order. */
export const accountsDocumented = [
  createAccountOperation,
  createStaffUserOperation,
  getModesOperation,
  updateModesOperation,
  updateRateLimitOperation,
  createAdminOperation,
  updateTariffOperation,
  getProofOfDeliveryOperation,
  updateProofOfDeliveryOperation,
];
