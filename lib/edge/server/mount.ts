import type { Audience, HttpMethod, Operation, OperationMethod, WrappedContext } from '@/lib/platform/server/http/operation';
import type { Reply } from '@/lib/platform/server/http/reply';
import { adminRoute, apiKeyRoute, driverRoute, opsRoute, otherMethods, publicRoute, staffRoute, type RouteHandler, type RouteOptions } from '@/lib/edge/server/route';

// The edge: a declared operation (lib/platform/server/http/operation.ts) served to one audience through its
// credential's wrapper (lib/edge/server/route.ts). Route files call `mount`; nothing else wraps.

/** The wrapper of `audience`: its credential becomes the caller and the scope. */
function wrap(audience: Audience, options: RouteOptions, handler: (context: WrappedContext) => Promise<Reply>): RouteHandler {
  switch (audience) {
    case 'vendor':
      return apiKeyRoute(options, (args) => handler({ ...args, audience }));
    case 'staff':
      return staffRoute(options, (args) => handler({ ...args, audience }));
    case 'admin':
      return adminRoute(options, (args) => handler({ ...args, audience }));
    case 'ops':
      return opsRoute(options, (args) => handler({ ...args, audience, caller: null }));
    case 'driver':
      return driverRoute(options, (args) => handler({ ...args, audience }));
    case 'public':
      return publicRoute(options, (args) => handler({ ...args, audience, caller: null, scope: null }));
  }
}

/** Marks a mounted handler with what it serves, for the tests that hold routes to their declarations. */
export const MOUNTED = Symbol('mounted operation');
export type MountedHandler = RouteHandler & { [MOUNTED]?: { audience: Audience; operation: Operation } };

/** One handler per operation and audience, however many route modules load it. */
const handlers = new WeakMap<Operation, Map<Audience, MountedHandler>>();

function handlerOf(operation: Operation, audience: Audience): MountedHandler {
  const byAudience = handlers.get(operation) ?? new Map<Audience, MountedHandler>();
  handlers.set(operation, byAudience);
  let handler = byAudience.get(audience);
  if (!handler) {
    const { options, isUnwrapped, run } = operation.serving(audience);
    handler = isUnwrapped
      ? async (request) => (await run({ audience, request, params: {}, requestId: '', body: undefined } as never)).response!
      : wrap(audience, options, run);
    handler[MOUNTED] = { audience, operation };
    byAudience.set(audience, handler);
  }
  return handler;
}

type MethodsOf<O extends readonly { method: OperationMethod }[]> = O[number]['method'];
type Exported<M extends OperationMethod> = Exclude<HttpMethod, M extends 'GET' ? 'HEAD' : never>;

/**
 * A route file's handlers: the operations of its path for one audience, and every other method
 * answered by `otherMethods` (405 with `Allow`; OPTIONS 204). HEAD is left to Next when GET is
 * served. Each API route file is one line:
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [getWebhook, registerWebhookUrl]);`
 */
export function mount<A extends Audience, const O extends readonly Operation<A>[]>(audience: A, operations: O): Record<Exported<MethodsOf<O>>, RouteHandler> {
  const served: Partial<Record<HttpMethod, RouteHandler>> = {};
  for (const operation of operations) {
    if (!(audience in operation.mounts)) throw new Error(`An operation mounted for ${audience} does not declare that audience`);
    if (served[operation.method]) throw new Error(`Two operations mounted for ${operation.method}`);
    served[operation.method] = handlerOf(operation as Operation, audience);
  }
  return { ...served, ...otherMethods(served) } as Record<Exported<MethodsOf<O>>, RouteHandler>;
}
