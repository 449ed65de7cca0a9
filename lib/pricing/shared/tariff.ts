/** The account columns a Tariff is read from (Prisma `select`). */
export const TARIFF_SELECT = { currency: true, baseFareMinor: true, perKmMinor: true, minFareMinor: true, vatRateBps: true } as const;

/** An account's delivery tariff, in minor units of its currency. */
export interface Tariff {
  currency: string;
  baseFareMinor: number;
  perKmMinor: number;
  minFareMinor: number;
  /** VAT rate in basis points: 1500 = 15 %. */
  vatRateBps: number;
}

export interface Price {
  deliveryMinor: number;
  vatMinor: number;
}

/** Delivery price for a road distance: base + per-km, at least the minimum; never lower for a longer trip. */
export function priceDelivery(tariff: Tariff, distanceKm: number): Price {
  const deliveryMinor = Math.max(tariff.minFareMinor, Math.round(tariff.baseFareMinor + tariff.perKmMinor * distanceKm));
  const vatMinor = Math.round((deliveryMinor * tariff.vatRateBps) / 10_000);
  return { deliveryMinor, vatMinor };
}

const exponents = new Map<string, number>();

/** Decimal places of a currency (SAR 2, JPY 0, KWD 3), from the runtime's ISO 4217 data. */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, exponent);
  }
  return exponent;
}

export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** A major-unit amount as the API carries prices (`order_price: 12.5`), in minor units of its currency. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

/** A display string such as `12.50 SAR`. */
export function formatMoney(minor: number, currency: string): string {
  return `${toMajor(minor, currency).toFixed(currencyExponent(currency))} ${currency}`;
}
