import { opsActor, type Actor } from '@/lib/dispatch/server/apply-change';
import type { AdminCaller, DriverCaller, StaffCaller } from '@/lib/edge/server/route';
import type { ApiKeyCaller } from '@/lib/edge/server/authenticate-api-key';
import type { RefType } from '@/lib/dispatch/shared/transitions/statuses';

/** Who an operation's caller is, as a dispatch's history records them. */
export type ActingCaller =
  | { audience: 'vendor'; caller: ApiKeyCaller }
  | { audience: 'staff'; caller: StaffCaller }
  | { audience: 'admin'; caller: AdminCaller }
  | { audience: 'ops'; caller: null }
  | { audience: 'driver'; caller: DriverCaller };

/**
 * The history's actor of a change made through an operation: the vendor API records the
 * account, the dashboard its staff member (as `vendor`), the console its admin, the driver app
 * the driver, and the operator API whom its body names (`ref_type`/`ref_id`, default admin/ops).
 */
export function actorOf(context: ActingCaller, opsRef: { ref_type?: RefType; ref_id?: string } = {}): Actor {
  switch (context.audience) {
    case 'vendor':
      return { refType: 'vendor', refId: context.caller.accountId };
    case 'staff':
      return { refType: 'vendor', refId: context.caller.user.id };
    case 'admin':
      return { refType: 'admin', refId: context.caller.user.id };
    case 'ops':
      return opsActor(opsRef);
    case 'driver':
      return { refType: 'driver', refId: context.caller.driverId };
  }
}
