import type { EstimateBody, Estimate } from '@/lib/estimates/schemas';
import { straightLineEstimator, type RouteEstimator } from '@/lib/estimates/route-estimator';
import { formatMoney, priceDelivery, toMajor, type Tariff } from '@/lib/pricing/tariff';

/** Minutes for a courier to reach the pickup point when no driver position is known yet. */
export const COURIER_APPROACH_MIN = 10;

/** Times (whole minutes) and prices for delivering from pickup to destination under a tariff. */
export async function estimateDelivery(options: {
  input: EstimateBody;
  tariff: Tariff;
  estimator?: RouteEstimator;
}): Promise<Estimate> {
  const { input, tariff, estimator = straightLineEstimator } = options;
  const leg = await estimator.leg(input.pickup, input.destination);
  const pickupMin = Math.max(COURIER_APPROACH_MIN, input.pickup_wait_time ?? 0);
  const destinationMin = Math.max(1, Math.ceil(leg.durationMin));
  const { deliveryMinor, vatMinor } = priceDelivery(tariff, leg.distanceKm);
  return {
    pickup_estimated_time: pickupMin,
    destination_estimated_time: destinationMin,
    total_estimated_time: pickupMin + destinationMin,
    delivery_price: toMajor(deliveryMinor, tariff.currency),
    delivery_price_text: formatMoney(deliveryMinor, tariff.currency),
    vat_price: toMajor(vatMinor, tariff.currency),
    vat_price_text: formatMoney(vatMinor, tariff.currency),
  };
}
