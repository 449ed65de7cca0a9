import type { ApiKeyCaller } from '@/lib/edge/server/authenticate-api-key';
import type { ErrorCode } from '@/lib/platform/server/errors/domain-error';
import type { PathIdRecord } from '@/lib/platform/server/internal/http/openapi/parameters';
import type { Tag } from '@/lib/platform/server/http/openapi/components';
import type { OperationContract } from '@/lib/platform/server/http/openapi/route-contract';
import type { SuccessResponse } from '@/lib/platform/server/http/openapi/success-responses';
import type { Reply } from '@/lib/platform/server/http/reply';
import { HTTP_METHODS } from '@/lib/platform/server/http/request-target';
import type { AdminCaller, DriverCaller, RouteOptions, StaffCaller } from '@/lib/edge/server/route';
import type { AccountScope, DriverScope, PlatformScope } from '@/lib/platform/server/tenancy/scope';
import { parseInput } from '@/lib/platform/server/validation/parse-input';
import type { ZodOpenApiParameters } from 'zod-openapi';
import type { z } from 'zod';

// An operation is declared once: which audiences may call it and at which path, what it reads
// (its body schema, parsed here), what it answers (its OpenAPI responses and error codes) and
// the function that does it. A route file mounts the operations of its path for one audience in
// one line (`mount`, lib/edge/server/mount.ts), and the OpenAPI document is generated from the same
// declarations (app/ext/openapi.json/operations.ts), so the schemas a handler validates with and
// the ones the document shows are the same objects. Authentication, the body limit,
// Idempotency-Key, the rate limit and the error table are the wrappers' (lib/edge/server/route.ts), per
// audience. Declaring imports no wrapper: domain modules declare, the edge mounts.

/** Who calls: the vendor API (API key), the dashboard (staff), the console (admin), the operator API, the driver app, anyone. */
export type Audience = 'vendor' | 'staff' | 'admin' | 'ops' | 'driver' | 'public';

/** The audiences the public OpenAPI document describes; the others are the product's own pages' API. */
export type DocumentedAudience = Extract<Audience, 'vendor' | 'ops' | 'public'>;
export const DOCUMENTED_AUDIENCES: readonly DocumentedAudience[] = ['vendor', 'ops', 'public'];

interface Callers {
  vendor: ApiKeyCaller;
  staff: StaffCaller;
  admin: AdminCaller;
  ops: null;
  driver: DriverCaller;
  public: null;
}

interface Scopes {
  vendor: AccountScope;
  staff: AccountScope;
  admin: PlatformScope;
  ops: PlatformScope;
  driver: DriverScope;
  public: null;
}

type Params = Record<string, string | string[]>;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type OperationMethod = Exclude<HttpMethod, 'HEAD' | 'OPTIONS'>;

/** What an operation's function gets: one member per audience, told apart by `audience`. */
export type OperationContext<A extends Audience, P extends Params, I> = A extends Audience
  ? {
      audience: A;
      caller: Callers[A];
      scope: Scopes[A];
      request: Request;
      params: P;
      requestId: string;
      /** The body, parsed with the operation's `body.schema` (undefined without one). */
      input: I;
      /** The JSON body as read (with `body` or `readsBody`), for an operation that picks its schema by what it holds. */
      body: unknown;
    }
  : never;

/** What an audience's OpenAPI entry says that the others' do not. */
export interface AudienceDoc {
  operationId: string;
  summary: string;
  description?: string;
  /** The tag of a vendor or public operation (operator operations share one). */
  tag?: Tag;
  /** What a code means for this audience, over the operation's `errorNotes`. */
  errorNotes?: Partial<Record<ErrorCode, string>>;
  /** The record this audience's path names by `{id}`, where the others' path names none (an account). */
  pathId?: PathIdRecord;
}

/** The audiences with a key space for `Idempotency-Key` (lib/platform/server/http/idempotency.ts): an account's, a driver's, an operator's. */
const HAS_IDEMPOTENCY_KEYS: Record<Audience, boolean> = { vendor: true, staff: true, driver: true, admin: true, ops: true, public: false };

export interface OperationDeclaration<A extends Audience, M extends OperationMethod, P extends Params, S extends z.ZodType | undefined> {
  method: M;
  /** Every audience that may call it, and the path it is mounted at for them (OpenAPI's `{id}` spelling). */
  mounts: { [K in A]: `/${string}` };
  /**
   * The JSON body and its schema, parsed before `run` (inside the idempotency check, as any
   * handler work); `for` narrows it for an audience that may send less (the console's status,
   * which names no actor: the admin is the actor).
   */
  body?: { schema: NonNullable<S>; description: string; for?: { [K in A]?: z.ZodType<z.output<NonNullable<S>>> } };
  /** Honour `Idempotency-Key`, for every audience but `public` (each has its key space: an account's, a driver's, an operator's). */
  idempotent?: boolean;
  /** The wrapper's other options (lib/edge/server/route.ts): `callsOut`, `imageWork`, `headers`, `isCacheable`. */
  options?: Omit<RouteOptions, 'body' | 'idempotent'>;
  /** Read the JSON body without a schema: `run` parses `body` itself (a sign-in picks its form by the fields it holds). */
  readsBody?: boolean;
  /**
   * Served without a wrapper: no request id, no security headers, nothing that could fail (the
   * liveness probe, which is also the benchmarks' framework floor). `run` answers a `response`.
   */
  unwrapped?: boolean;
  /** The record the path's `{id}` names (its parameter and its 404 in the document). */
  pathId?: PathIdRecord;
  /** Other path and query parameters, as the document shows them. */
  requestParams?: ZodOpenApiParameters;
  /** The success answers, as the document shows them (needed with `docs`). */
  responses?: Partial<Record<'200' | '201' | '202' | '204' | '302', SuccessResponse>>;
  /** The codes `run` itself answers with, most specific first; the wrapper's are added. */
  errors?: readonly ErrorCode[];
  errorNotes?: Partial<Record<ErrorCode, string>>;
  /** The document's words, per documented audience that may call it. */
  docs?: { [K in A & DocumentedAudience]: AudienceDoc };
  run: (context: OperationContext<A, P, S extends z.ZodType ? z.output<S> : undefined>) => Promise<Reply>;
}

export interface Operation<A extends Audience = Audience, M extends OperationMethod = OperationMethod> {
  method: M;
  mounts: Partial<Record<Audience, `/${string}`>>;
  idempotent: boolean;
  /** The OpenAPI contract of the operation as `audience` sees it (documented audiences only). */
  contract: (audience: DocumentedAudience) => OperationContract | undefined;
  /** How to serve it to `audience` (one of `mounts`): the wrapper's options and the function behind it (lib/edge/server/mount.ts wraps it). */
  serving(audience: A): Serving;
}

/** The context a wrapper hands an operation: the caller, scope and request, and the body as read. */
export type WrappedContext = Omit<OperationContext<Audience, Params, unknown>, 'input'>;

/** What lib/edge/server/mount.ts needs to serve an operation to one audience. */
export interface Serving {
  options: RouteOptions;
  /** Served without a wrapper (the liveness probe): `run` answers a `response`. */
  isUnwrapped: boolean;
  run: (context: WrappedContext) => Promise<Reply>;
}

/** Declares an operation; `P` is the type of its path parameters. */
export function defineOperation<P extends Params = Params>() {
  return <A extends Audience, M extends OperationMethod, S extends z.ZodType | undefined = undefined>(
    declaration: OperationDeclaration<A, M, P, S>,
  ): Operation<A, M> => {
    const { method, mounts, body, idempotent = false, options, run } = declaration;
    return {
      method,
      mounts,
      idempotent,
      contract(audience) {
        const doc = (declaration.docs as Partial<Record<DocumentedAudience, AudienceDoc>> | undefined)?.[audience];
        if (!(audience in mounts) || !doc) return undefined;
        if (!declaration.responses) throw new Error(`${doc.operationId}: a documented operation declares its responses`);
        const { tag, errorNotes, pathId = declaration.pathId, ...words } = doc;
        const shared = {
          ...words,
          pathId,
          requestParams: declaration.requestParams,
          body: body && { schema: body.for?.[audience as A] ?? body.schema, description: body.description },
          idempotent: idempotent && HAS_IDEMPOTENCY_KEYS[audience],
          responses: declaration.responses,
          errors: declaration.errors,
          errorNotes: { ...declaration.errorNotes, ...errorNotes },
        };
        if (audience === 'ops') return { ...shared, audience };
        if (!tag) throw new Error(`${doc.operationId}: a ${audience} operation names its tag`);
        return { ...shared, audience, tag };
      },
      serving(audience) {
        return {
          options: { ...options, body: body !== undefined || declaration.readsBody === true, idempotent },
          isUnwrapped: declaration.unwrapped === true,
          run: (context) => run({ ...context, input: body ? parseInput(body.for?.[audience] ?? body.schema, context.body) : undefined } as never),
        };
      },
    };
  };
}

/**
 * The account an account-level operation acts on: the caller's own (vendor API, dashboard), or
 * the one the console's or operator API's path names (`{id}`).
 */
export function targetAccountId(context: { audience: Audience; caller: unknown; params: Params }): string {
  if (context.audience === 'vendor' || context.audience === 'staff') return (context.caller as { accountId: string }).accountId;
  const { id } = context.params;
  if (typeof id !== 'string') throw new Error(`An account-level operation mounted for ${context.audience} needs {id} in its path`);
  return id;
}
