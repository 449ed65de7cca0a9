// The sandbox's simulated kitchen: when a sandbox dispatch's food is ready. The one rule the
// dispatch engine (which times the simulated driver) and the simulator (which waits at the pickup
// for the food) both read. A newcomer gets time to try "Ready now", a destination change or a
// cancel before the driver leaves with the food.

/**
 * Ready when the kitchen said so ("Ready now", `ready_at`), else at the vendor's planned pickup
 * (`pickup_ready_at`), else `prepS` after the order was placed.
 */
export function sandboxFoodReadyAt(dispatch: { createdAt: Date; readyAt: Date | null; pickupReadyAt: Date | null }, prepS: number): Date {
  return dispatch.readyAt ?? dispatch.pickupReadyAt ?? new Date(dispatch.createdAt.getTime() + prepS * 1000);
}
