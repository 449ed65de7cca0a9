import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { ROUTE_CONTRACT as extOpenApiJson } from '@/app/ext/openapi.json/openapi';
import { ROUTE_CONTRACT as opsAccounts } from '@/app/api/ops/accounts/openapi';
import { ROUTE_CONTRACT as opsAccountUsers } from '@/app/api/ops/accounts/[id]/users/openapi';
import { ROUTE_CONTRACT as opsAccountModes } from '@/app/api/ops/accounts/[id]/modes/openapi';
import { ROUTE_CONTRACT as opsAccountRateLimit } from '@/app/api/ops/accounts/[id]/rate-limit/openapi';
import { ROUTE_CONTRACT as opsAdmins } from '@/app/api/ops/admins/openapi';
import { ROUTE_CONTRACT as opsDrivers } from '@/app/api/ops/drivers/openapi';
import { ROUTE_CONTRACT as opsDriverLocation } from '@/app/api/ops/drivers/[id]/location/openapi';
import { ROUTE_CONTRACT as opsAccountTariff } from '@/app/api/ops/accounts/[id]/tariff/openapi';
import { ROUTE_CONTRACT as opsDriver } from '@/app/api/ops/drivers/[id]/openapi';
import { ROUTE_CONTRACT as opsFleets } from '@/app/api/ops/fleets/openapi';
import { ROUTE_CONTRACT as opsFleet } from '@/app/api/ops/fleets/[id]/openapi';
import { ROUTE_CONTRACT as opsAccountProofOfDelivery } from '@/app/api/ops/accounts/[id]/proof-of-delivery/openapi';
import { ROUTE_CONTRACT as opsDriverSignIn } from '@/app/api/ops/drivers/[id]/sign-in/openapi';

// Every documented route's contract (the `openapi.ts` beside its `route.ts`), in the order the
// document lists them. Next has no runtime glob, so this list is written out;
// contracts.test.ts fails when a route file under app/ext or app/api/ops has no contract here.

export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  extOpenApiJson,
  opsAccounts,
  opsAccountUsers,
  opsAccountModes,
  opsAccountRateLimit,
  opsAdmins,
  opsDrivers,
  opsDriverLocation,
  opsAccountTariff,
  opsDriver,
  opsFleets,
  opsFleet,
  opsAccountProofOfDelivery,
  opsDriverSignIn,
];
