import { randomUUID } from 'node:crypto';
import { authenticateApiKey, type ApiKeyCaller, type Caller } from '@/lib/edge/server/authenticate-api-key';
import { authenticateOps } from '@/lib/platform/server/auth/authenticate-ops';
import { authenticateSession } from '@/lib/platform/server/auth/authenticate-session';
import type { SessionUser, UserRole } from '@/lib/platform/shared/auth/schemas';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { isDatabaseUnavailable } from '@/lib/platform/server/db/database-errors';
import { hashRequest, runIdempotent, type IdempotencyOwner } from '@/lib/platform/server/http/idempotency';
import { limitApiCaller, type RateLimitOutcome } from '@/lib/platform/server/http/api-rate-limit';
import { readJsonBody } from '@/lib/platform/server/http/read-json-body';
import { HTTP_METHODS } from '@/lib/platform/server/http/request-target';
import { domainErrorReply, toResponse, type Reply } from '@/lib/platform/server/http/reply';
import { transportSecurityHeaders, withNoStore } from '@/lib/platform/server/http/security-headers';
import { getEnv } from '@/lib/platform/server/env';
import { Prisma } from '@/prisma/generated/client';
import { admit } from '@/lib/platform/server/db/admission';
import { dbKind } from '@/lib/platform/server/db/client';
import { accountScope, driverScope, platformScope, type AccountScope, type DriverScope, type PlatformScope } from '@/lib/platform/server/tenancy/scope';

/** Requests served at once on the embedded database (PostgreSQL has its own connection pool). */
const EMBEDDED_CONCURRENCY = 4;

// The one try/catch of the API: authentication, body reading, idempotency and the mapping of
// every thrown error to `{ error, error_desc }`. Route files only wire a schema to a domain call.

type Params = Record<string, string | string[]>;
interface RouteContext {
  params: Promise<Params>;
}

interface BaseArgs<P> {
  request: Request;
  params: P;
  requestId: string;
  /** The parsed JSON body (routes declared with `body: true`). */
  body: unknown;
}

export interface RouteOptions {
  /** Read the JSON body (any Content-Type, 1 MiB limit) before calling the handler. */
  body?: boolean;
  /** Honour an `Idempotency-Key` header (POST routes of the vendor API). */
  idempotent?: boolean;
  /** The handler waits on another server (seconds): it must not hold an embedded-database slot. */
  callsOut?: boolean;
  /**
   * The handler decodes an uploaded image (up to a second of CPU, lib/dispatch/server/internal/media/image-queue.ts): it
   * waits for the image queue and decodes outside the embedded database's admission gate, which
   * four uploads held whole while everyone else's requests waited.
   */
  imageWork?: boolean;
  /** Headers every reply of the route carries, errors included (the tracking page's privacy headers). */
  headers?: Record<string, string>;
  /**
   * A successful reply keeps its own Cache-Control: the resource behind a link that is itself
   * the credential (a signed media link), which the browser may keep for the link's life. Errors
   * are `no-store` as everywhere.
   */
  isCacheable?: boolean;
}

function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id');
  return given && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
}

/**
 * PostgreSQL text cannot hold NUL characters: a path or query parameter carrying one is a 400
 * here, for every route at once (bodies are checked by their schemas, `lib/platform`).
 */
function refuseNul(params: Params | undefined, url: string): void {
  const given: [string, string][] = [...new URL(url).searchParams];
  for (const [name, value] of Object.entries(params ?? {})) for (const item of [value].flat()) given.push([name, item]);
  const bad = given.filter(([name, value]) => name.includes('\0') || value.includes('\0')).map(([name]) => name.replaceAll('\0', '\\0'));
  if (bad.length > 0) throw new DomainError('invalid_request', `${[...new Set(bad)].join(', ')}: must not contain NUL characters`);
}

/**
 * The reply to a request whose client closed the connection first (nginx's 499): nobody reads
 * it, and a client going away is not a failure of ours, so it is not logged as one.
 */
const CLIENT_CLOSED: Reply = {
  status: 499,
  body: { error: 'client_closed_request', error_desc: 'The client closed the connection before the reply' },
};

/** Seconds a client is asked to wait while the database is unreachable (a restart takes 1–3 s). */
const UNAVAILABLE_RETRY_AFTER_S = 2;

/** Anything a handler threw, as the reply: domain errors through the table, the rest 500 (logged). */
function errorReply(error: unknown, request: Request, requestId: string): Reply {
  if (error instanceof DomainError) return domainErrorReply(error);
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') {
    return domainErrorReply(new DomainError('not_found', 'The resource was not found'));
  }
  // Reading the body of a request whose client disconnected throws ("aborted").
  if (request.signal.aborted) return CLIENT_CLOSED;
  // A PostgreSQL restart or failover: nothing was written, and the same request will succeed
  // in a moment. Not an internal error, and not logged as one.
  if (isDatabaseUnavailable(error)) {
    return domainErrorReply(
      new DomainError('service_unavailable', `The service is briefly unavailable; retry in ${UNAVAILABLE_RETRY_AFTER_S} s`, {
        retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_S,
      }),
    );
  }
  console.error(
    JSON.stringify({
      level: 'error',
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
  return {
    status: 500,
    body: { error: 'internal_error', error_desc: `Something went wrong on our side; quote request id ${requestId} to support` },
  };
}

/**
 * The headers every API response carries, whatever the route and whether it succeeded: never
 * stored by a cache (`no-store`, kept beside a route's own directives), and HSTS when the
 * service is served over HTTPS (PUBLIC_URL, read at run time). Pages get theirs in proxy.ts.
 */
function secured(response: Response, isCacheable = false): Response {
  if (!(isCacheable && response.ok)) response.headers.set('cache-control', withNoStore(response.headers.get('cache-control')));
  for (const [name, value] of Object.entries(transportSecurityHeaders(getEnv()))) response.headers.set(name, value);
  return response;
}

function withHeaders(reply: Reply, headers: Record<string, string> | undefined): Reply {
  return headers ? { ...reply, headers: { ...reply.headers, ...headers } } : reply;
}

function route<P extends Params, A>(
  options: RouteOptions,
  authenticate: (request: Request) => Promise<A>,
  handler: (args: BaseArgs<P> & { auth: A }) => Promise<Reply>,
  idempotencyScope?: (auth: A) => IdempotencyOwner,
  /** Headers every reply to this caller carries (a renewed session cookie). */
  replyHeaders?: (auth: A) => Record<string, string> | undefined,
  /** A rate limit taken once per request after authentication: its headers ride on every reply. */
  rateLimit?: (auth: A) => Promise<RateLimitOutcome>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    if (!options.callsOut && !options.imageWork && dbKind() === 'pglite') {
      // serve() never throws: admit() rejects only for a client that left while it waited.
      return secured(
        await admit(EMBEDDED_CONCURRENCY, () => serve(request, context, requestId), request.signal).catch(() => toResponse(CLIENT_CLOSED, requestId)),
        options.isCacheable,
      );
    }
    return secured(await serve(request, context, requestId), options.isCacheable);
  };

  async function serve(request: Request, context: RouteContext, requestId: string): Promise<Response> {
    let auth: A | undefined;
    let limitHeaders: Record<string, string> | undefined;
    try {
      auth = await authenticate(request);
      const caller = auth;
      if (rateLimit) {
        const outcome = await rateLimit(caller);
        limitHeaders = outcome.headers;
        if (outcome.refusal) throw outcome.refusal;
      }
      const params = (await context.params) as P;
      refuseNul(params, request.url);
      const body = options.body ? await readJsonBody(request) : undefined;
      const run = () => handler({ request, params, requestId, body, auth: caller });
      const key = request.headers.get('idempotency-key');
      const reply =
        options.idempotent && key !== null && idempotencyScope
          ? await runIdempotent(
              {
                owner: idempotencyScope(caller),
                key,
                requestHash: hashRequest(request.method, `${new URL(request.url).pathname}${new URL(request.url).search}`, body),
              },
              run,
            )
          : await run();
      return toResponse(withHeaders(withHeaders(withHeaders(reply, options.headers), replyHeaders?.(caller)), limitHeaders), requestId);
    } catch (error) {
      const reply = withHeaders(withHeaders(errorReply(error, request, requestId), options.headers), limitHeaders);
      return toResponse(auth === undefined ? reply : withHeaders(reply, replyHeaders?.(auth)), requestId);
    }
  }
}

type HttpMethod = (typeof HTTP_METHODS)[number];
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;
type OtherMethod<I> = Exclude<HttpMethod, keyof I | (I extends { GET: unknown } ? 'HEAD' : never)>;

/**
 * The handlers for every method a route file does not implement: OPTIONS answers 204 and the
 * others 405 `method_not_allowed`, both with `Allow` (Next's own 405 has neither a body nor
 * `Allow`). HEAD stays Next's: the GET handler without the body. Each API route file ends with
 * `export const { <the other methods> } = otherMethods({ GET, POST })`;
 * `app/route-methods.test.ts` checks that none is left out.
 */
export function otherMethods<I extends Partial<Record<HttpMethod, unknown>>>(implemented: I): Record<OtherMethod<I>, RouteHandler> {
  const isImplemented = (method: HttpMethod) => method in implemented || (method === 'HEAD' && 'GET' in implemented);
  const allow = HTTP_METHODS.filter((method) => isImplemented(method) || method === 'OPTIONS').join(', ');
  const options: RouteHandler = async (request) => secured(toResponse({ status: 204, headers: { allow } }, requestIdOf(request)));
  const refuse: RouteHandler = async (request) => {
    const error = new DomainError('method_not_allowed', `${request.method} ${new URL(request.url).pathname} is not supported; allowed: ${allow}`);
    return secured(toResponse(domainErrorReply(error, { allow }), requestIdOf(request)));
  };
  const others = HTTP_METHODS.filter((method) => !isImplemented(method)).map((method) => [method, method === 'OPTIONS' ? options : refuse]);
  return Object.fromEntries(others) as Record<OtherMethod<I>, RouteHandler>;
}

/**
 * A vendor API route: the caller is the account owning the API key, and `scope` that account
 * (lib/platform/server/tenancy/scope.ts: the wrappers are where scopes come from). The account's rate limit is
 * taken here, once per request and before anything else runs; only the vendor API has one (the
 * dashboards, the console and the ops API are people and the operator, not integrations).
 */
export function apiKeyRoute<P extends Params = Params>(
  options: RouteOptions,
  handler: (args: BaseArgs<P> & { caller: ApiKeyCaller; scope: AccountScope }) => Promise<Reply>,
) {
  return route<P, ApiKeyCaller>(
    options,
    (request) => authenticateApiKey(request.headers),
    ({ auth, ...args }) => handler({ ...args, caller: auth, scope: accountScope(auth.accountId) }),
    (caller) => ({ accountId: caller.accountId }),
    undefined,
    limitApiCaller,
  );
}

/** An operator API route (`Authorization: Bearer $OPS_TOKEN`): `scope` is the platform's, every account. */
export function opsRoute<P extends Params = Params>(
  options: RouteOptions,
  handler: (args: BaseArgs<P> & { scope: PlatformScope }) => Promise<Reply>,
) {
  return route<P, null>(
    options,
    async (request) => {
      authenticateOps(request.headers);
      return null;
    },
    (args) => handler({ ...args, scope: platformScope() }),
    // One operator token, one key space.
    () => ({ operator: 'ops' }),
  );
}

/** A route anyone may call (health, OpenAPI document, status table). */
export function publicRoute<P extends Params = Params>(options: RouteOptions, handler: (args: BaseArgs<P>) => Promise<Reply>) {
  return route<P, null>(options, async () => null, handler);
}

/** How a dashboard or console wrapper turns a session into its caller and scope. */
interface SessionRouteKind<C, S> {
  role: UserRole;
  callerOf: (session: Awaited<ReturnType<typeof authenticateSession>>) => C;
  scopeOf: (caller: C) => S;
  /** Whose `Idempotency-Key`s these are (routes declared `idempotent`). */
  idempotencyScope?: (caller: C) => IdempotencyOwner;
}

/**
 * The wrapper of the routes for signed-in users of one role (session cookie, same-origin writes),
 * which `kind` describes; a renewed session cookie rides on every reply, errors included.
 */
function sessionRoute<C, S>(kind: SessionRouteKind<C, S>) {
  const { role, callerOf, scopeOf, idempotencyScope } = kind;
  return <P extends Params = Params>(options: RouteOptions, handler: (args: BaseArgs<P> & { caller: C; scope: S }) => Promise<Reply>) =>
    route<P, { caller: C; setCookie?: string }>(
      options,
      async (request) => {
        const session = await authenticateSession(request, [role]);
        return { caller: callerOf(session), setCookie: session.setCookie };
      },
      ({ auth, ...args }) => handler({ ...args, caller: auth.caller, scope: scopeOf(auth.caller) }),
      idempotencyScope && ((auth) => idempotencyScope(auth.caller)),
      (auth) => (auth.setCookie ? { 'set-cookie': auth.setCookie } : undefined),
    );
}

/** The signed-in staff member of a dashboard request, and their account (the tenant). */
export interface StaffCaller extends Caller {
  user: SessionUser;
}

/**
 * A dashboard route for staff: session cookie, staff role, same-origin writes. The handler gets
 * `caller` shaped like the vendor API's and the same account `scope`, so both surfaces call the
 * same domain functions with the same tenant scoping.
 */
export const staffRoute = sessionRoute<StaffCaller, AccountScope>({
  role: 'staff',
  callerOf: ({ user, tariff }) => {
    if (!user.accountId || !tariff) throw new DomainError('forbidden', 'Staff sign-ins belong to an account');
    return { accountId: user.accountId, tariff, user };
  },
  scopeOf: (caller) => accountScope(caller.accountId),
  idempotencyScope: (caller) => ({ accountId: caller.accountId }),
});

/** The signed-in admin of a console request: platform-wide, no tenant. */
export interface AdminCaller {
  user: SessionUser;
}

/**
 * A console route for admins: session cookie, admin role, same-origin writes. Admin actions
 * call the same domain functions as the ops API, with the same platform `scope` (every account).
 */
export const adminRoute = sessionRoute<AdminCaller, PlatformScope>({
  role: 'admin',
  callerOf: ({ user }) => ({ user }),
  scopeOf: () => platformScope(),
  // Each admin's keys are their own: two admins may pick the same key.
  idempotencyScope: (caller) => ({ operator: `admin:${caller.user.id}` }),
});

/** The signed-in driver of a driver app request: their user, and the driver they are. */
export interface DriverCaller {
  user: SessionUser;
  driverId: string;
}

/**
 * A driver app route: session cookie, driver role, same-origin writes, like the dashboard's.
 * `scope` is the driver's own (lib/platform/server/tenancy/scope.ts): the dispatches assigned or offered to
 * them. Routes declared `idempotent` honour an `Idempotency-Key` in the driver's own key space
 * (the app replays what it did offline with the keys it made then).
 */
export const driverRoute = sessionRoute<DriverCaller, DriverScope>({
  role: 'driver',
  callerOf: ({ user }) => {
    if (!user.driverId) throw new DomainError('forbidden', 'Driver sign-ins belong to a driver');
    return { user, driverId: user.driverId };
  },
  scopeOf: (caller) => driverScope(caller.driverId),
  idempotencyScope: (caller) => ({ driverId: caller.driverId }),
});
