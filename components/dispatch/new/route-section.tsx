'use client';

import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { LazyDispatchMap, type MapPoint, type PlaceableMarker } from '@/components/platform/map/lazy-dispatch-map';
import { reverseAddress, type GeocodeResult } from '@/components/dispatch/geocoding/queries';
import { AddressCombobox } from '@/components/dispatch/new/address-combobox';
import { EstimatePanel, type EstimateSummary, type ShownQuote } from '@/components/dispatch/new/estimate-panel';
import { blankToUndefined, errorAt, fieldId, NumberInput, numberOrUndefined } from '@/components/dispatch/new/field';
import { Field } from '@/components/platform/ui/field';
import { useNow } from '@/components/platform/ui/use-now';
import type { Locale } from '@/components/platform/i18n/locale';
import type { VendorControlText } from '@/components/platform/i18n/messages/vendor-control';
import type { Branch } from '@/lib/accounts/shared/branches/schemas';
import { pickupReadyAtOf, type CreateDispatchFormInput, type CreateDispatchFormOutput } from '@/lib/dispatch/shared/create-dispatch-form-schema';
import { MAX_SCHEDULE_AHEAD_MS } from '@/lib/dispatch/shared/schemas';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { NewDispatchText } from '@/components/platform/i18n/messages/new-dispatch';
import styles from './new-dispatch.module.css';

type DispatchForm = UseFormReturn<CreateDispatchFormInput, unknown, CreateDispatchFormOutput>;

const MAP_HEIGHT_PX = 360;

interface RouteSectionProps {
  form: DispatchForm;
  t: NewDispatchText;
  common: CommonText;
  branches: Branch[];
  currency: string;
  tileUrl: string | null;
  tileAttribution: string;
  locale: Locale;
  vc: VendorControlText;
  /** Told the estimate on show (and its quote) once it is settled for the current pins. */
  onQuote: (quote: ShownQuote | null) => void;
  /** Told the estimate's total as shown (for the form's create bar). */
  onSummary?: (summary: EstimateSummary) => void;
}

/**
 * Branch, pickup and destination: placed by clicking the map, moved by dragging a pin or with
 * the arrow keys, or typed as coordinates (so the map is never the only way), with the live
 * estimate of the route underneath.
 */
export function RouteSection({ form, t, common, branches, currency, tileUrl, tileAttribution, locale, vc, onQuote, onSummary }: RouteSectionProps) {
  const {
    control,
    register,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const [pickupLat, pickupLng, destinationLat, destinationLng, pickupWaitTime] = useWatch({
    control,
    name: ['pickup.lat', 'pickup.lng', 'destination.lat', 'destination.lng', 'vendor_payload.pickup_wait_time'],
  });
  const ready = useWatch({ control, name: 'ready' });
  // The schedule's planned times follow the clock by the minute (the estimate is cached per minute).
  const now = useNow(60_000);
  const pickupReadyAt = now === null ? undefined : scheduledWithinBounds(pickupReadyAtOf(ready, now), now);
  const pickup = useMemo(() => pointOf(pickupLat, pickupLng), [pickupLat, pickupLng]);
  const destination = useMemo(() => pointOf(destinationLat, destinationLng), [destinationLat, destinationLng]);
  // The first click places whichever pin is missing; once both are down, they are dragged.
  const placeOnClick: PlaceableMarker | null = !pickup ? 'pickup' : !destination ? 'destination' : null;
  // With a branch chosen the pickup starts at the branch: a click places the destination.
  const instruction =
    placeOnClick === 'pickup'
      ? t.clickPlacesPickup
      : placeOnClick === 'destination'
        ? branches.length > 0
          ? t.clickPlacesDestinationFromBranch
          : t.clickPlacesDestination
        : t.mapHelp;

  const setOptions = { shouldDirty: true, shouldValidate: isSubmitted };
  const movePickup = (point: MapPoint) => {
    setValue('pickup.lat', point.lat, setOptions);
    setValue('pickup.lng', point.lng, setOptions);
  };
  const moveDestination = (point: MapPoint) => {
    setValue('destination.lat', point.lat, setOptions);
    setValue('destination.lng', point.lng, setOptions);
  };

  // Whose each address line is: the staff member's once they typed in it, else the form's (a
  // branch, a picked result, a pin's lookup). A moved pin names its place only in the form's.
  const typedRef = useRef<Record<PlaceableMarker, boolean>>({ pickup: false, destination: false });
  const lookupRef = useRef<Partial<Record<PlaceableMarker, AbortController>>>({});
  const [pinFilled, setPinFilled] = useState<PlaceableMarker | null>(null);
  useEffect(() => {
    const lookups = lookupRef.current;
    return () => Object.values(lookups).forEach((lookup) => lookup.abort());
  }, []);
  const setAddressLine = (kind: PlaceableMarker, line: string) => setValue(`${kind}.address_line`, line, setOptions);
  /** After a pin was dropped or dragged: the address there, unless the staff member typed their own (then, or meanwhile). */
  const nameThePin = (kind: PlaceableMarker, point: MapPoint) => {
    lookupRef.current[kind]?.abort();
    setPinFilled(null);
    if (typedRef.current[kind]) return;
    const lookup = new AbortController();
    lookupRef.current[kind] = lookup;
    reverseAddress(point, locale, lookup.signal)
      .then((found) => {
        if (lookup.signal.aborted || typedRef.current[kind] || !found) return;
        setAddressLine(kind, found.label);
        setPinFilled(kind);
      })
      // A failed lookup leaves the line as it was: the pin is what the dispatch goes by.
      .catch(() => undefined);
  };
  const onTyped = (kind: PlaceableMarker) => (text: string) => {
    // An emptied field is nobody's: the next pin may fill it.
    typedRef.current[kind] = text.trim() !== '';
    if (typedRef.current[kind]) lookupRef.current[kind]?.abort();
  };
  const onPick = (kind: PlaceableMarker) => (result: GeocodeResult) => {
    typedRef.current[kind] = false;
    lookupRef.current[kind]?.abort();
    (kind === 'pickup' ? movePickup : moveDestination)({ lat: result.lat, lng: result.lng });
    setAddressLine(kind, result.label);
  };
  const applyBranch = (vendorBid: string) => {
    const branch = branches.find((candidate) => candidate.vendor_bid === vendorBid);
    if (!branch) return;
    typedRef.current.pickup = false;
    movePickup(branch.pickup);
    setValue('pickup.address_line', branch.pickup.address_line, setOptions);
    setValue('pickup.ref_id', branch.pickup.ref_id);
  };

  return (
    <section className="card stack" aria-labelledby="route-title">
      <div className={styles.routeHeader}>
        <h2 id="route-title">{t.sectionRoute}</h2>
        {/* One instruction, for what a click does now; the arrow keys are offered where there is a keyboard (see the CSS). */}
        <p className={`field__hint ${styles.mapHelp}`} data-testid="map-help">
          <span data-testid="map-click-hint">{instruction}</span>{' '}
          <span className={styles.keyboardHint} data-testid="map-keyboard-hint">
            {t.mapKeyboardHint}
          </span>
        </p>
      </div>
      <div className={styles.routeGrid}>
        <div className={styles.mapColumn}>
          <LazyDispatchMap
            tileUrl={tileUrl}
            tileAttribution={tileAttribution}
            pickup={pickup}
            destination={destination}
            isPickupDraggable
            isDestinationDraggable
            onPickupChange={(point) => {
              movePickup(point);
              nameThePin('pickup', point);
            }}
            onDestinationChange={(point) => {
              moveDestination(point);
              nameThePin('destination', point);
            }}
            placeOnClick={placeOnClick}
            height={MAP_HEIGHT_PX}
            labels={{
              map: t.mapLabel,
              pickup: t.pickup,
              destination: t.destination,
              noTiles: t.mapNoTiles,
            }}
          />
        </div>
        <div className={styles.routeSide}>
          {branches.length > 0 ? (
            <Field id={fieldId('vendor_bid')} label={t.branch} hint={t.branchHint} error={errorAt(errors, 'vendor_bid')}>
              {(aria) => (
                <select className="select" {...aria} {...register('vendor_bid', { onChange: (event) => applyBranch(event.target.value) })}>
                  {branches.map((branch) => (
                    <option key={branch.id} value={branch.vendor_bid}>
                      {branch.name} ({branch.vendor_bid})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <>
              <p className="alert alert--info">
                {t.noBranches} <Link href="/settings">{t.noBranchesLink}</Link>
              </p>
              <Field id={fieldId('vendor_bid')} label={t.vendorBid} error={errorAt(errors, 'vendor_bid')}>
                {(aria) => <input className="input" dir="ltr" autoComplete="off" {...aria} {...register('vendor_bid')} />}
              </Field>
            </>
          )}
          {/* With a branch chosen the pickup is the branch's: only the destination needs a search then. */}
          <LocationFields
            form={form}
            t={t}
            kind="pickup"
            point={pickup}
            search={branches.length === 0 ? { near: destination, locale, onTyped: onTyped('pickup'), onPick: onPick('pickup') } : null}
          />
          <LocationFields
            form={form}
            t={t}
            kind="destination"
            point={destination}
            search={{ near: pickup ?? destination, locale, onTyped: onTyped('destination'), onPick: onPick('destination') }}
          />
          <p className="sr-only" aria-live="polite" data-testid="pin-address-status">
            {pinFilled ? t.addressFilledFromPin : ''}
          </p>
          <details className={styles.coordinates}>
            <summary>{t.enterCoordinates}</summary>
            <div className={styles.coordinateGrid}>
              {(
                [
                  ['pickup.lat', t.pickupLat],
                  ['pickup.lng', t.pickupLng],
                  ['destination.lat', t.destinationLat],
                  ['destination.lng', t.destinationLng],
                ] as const
              ).map(([name, label]) => (
                <Field key={name} id={fieldId(name)} label={label} error={errorAt(errors, name, t.enterNumber)}>
                  {(aria) => (
                    <NumberInput {...aria} {...register(name, { setValueAs: numberOrUndefined })} />
                  )}
                </Field>
              ))}
            </div>
          </details>
        </div>
      </div>
      <EstimatePanel
        t={t}
        common={common}
        currency={currency}
        pickup={pickup}
        destination={destination}
        pickupWaitTime={pickupWaitTime}
        pickupReadyAt={pickupReadyAt}
        onQuote={onQuote}
        onSummary={onSummary}
        locale={locale}
        vc={vc}
      />
    </section>
  );
}

/** What an address field needs to search as the staff member types. */
interface AddressSearch {
  near: MapPoint | null;
  locale: Locale;
  onTyped: (text: string) => void;
  onPick: (result: GeocodeResult) => void;
}

/** The address line of a pin (searching addresses when `search` is given), and its coordinates read-only (they are set on the map). */
function LocationFields({
  form,
  t,
  kind,
  point,
  search,
}: {
  form: DispatchForm;
  t: NewDispatchText;
  kind: PlaceableMarker;
  point: MapPoint | null;
  search: AddressSearch | null;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const isPickup = kind === 'pickup';
  const latError = errorAt(errors, `${kind}.lat`, t.enterNumber);
  const lngError = errorAt(errors, `${kind}.lng`, t.enterNumber);
  let placeError: string | undefined;
  if (!point && (latError || lngError)) placeError = isPickup ? t.pickupMissing : t.destinationMissing;
  else if (latError) placeError = `${isPickup ? t.pickupLat : t.destinationLat}: ${latError}`;
  else if (lngError) placeError = `${isPickup ? t.pickupLng : t.destinationLng}: ${lngError}`;

  return (
    <div className={styles.location}>
      <Field
        id={fieldId(`${kind}.address_line`)}
        label={
          <>
            <span className={`${styles.swatch} ${isPickup ? styles.swatchPickup : styles.swatchDestination}`} aria-hidden="true" />
            {isPickup ? t.pickupAddress : t.destinationAddress} <span className="muted">{t.optional}</span>
          </>
        }
        hint={search ? t.addressSearchHint : undefined}
        error={errorAt(errors, `${kind}.address_line`)}
      >
        {(aria) =>
          search ? (
            <AddressCombobox
              aria={aria}
              registration={register(`${kind}.address_line`, { setValueAs: blankToUndefined })}
              near={search.near}
              locale={search.locale}
              t={t}
              testId={`${kind}-address`}
              onTyped={search.onTyped}
              onPick={search.onPick}
            />
          ) : (
            <input
              className="input"
              autoComplete="off"
              data-testid={`${kind}-address`}
              {...aria}
              {...register(`${kind}.address_line`, { setValueAs: blankToUndefined })}
            />
          )
        }
      </Field>
      <p className={styles.coordinateLine}>
        <span className="muted">{isPickup ? t.pickupCoordinates : t.destinationCoordinates}: </span>
        {point ? (
          <span className="mono" dir="ltr" data-testid={`${kind}-coordinates`}>
            {`${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`}
          </span>
        ) : (
          <span data-testid={`${kind}-coordinates`}>{t.notPlaced}</span>
        )}
      </p>
      {placeError ? (
        <p className="field__error" data-testid={`${kind}-error`}>
          {placeError}
        </p>
      ) : null}
    </div>
  );
}

/** A schedule the estimate can take: one the create would refuse (past, too far ahead) is left out rather than failing the estimate. */
function scheduledWithinBounds(pickupReadyAt: string | undefined, now: number): string | undefined {
  if (pickupReadyAt === undefined) return undefined;
  const at = Date.parse(pickupReadyAt);
  return at > now && at <= now + MAX_SCHEDULE_AHEAD_MS ? pickupReadyAt : undefined;
}

/** A pin position from the form's coordinates; null while either is missing or out of range. */
function pointOf(lat: unknown, lng: unknown): MapPoint | null {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
