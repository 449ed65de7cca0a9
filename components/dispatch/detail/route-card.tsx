'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { LazyDispatchMap, type MapPoint } from '@/components/platform/map/lazy-dispatch-map';
import { Field } from '@/components/platform/ui/field';
import { useDebouncedValue } from '@/components/platform/ui/use-debounced-value';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { StaffDestinationSchema, type Address, type DispatchRecord } from '@/lib/dispatch/shared/schemas';
import { reverseAddress } from '@/components/dispatch/geocoding/queries';
import type { Locale } from '@/components/platform/i18n/locale';
import { DestinationChanges } from './destination-changes';
import { EstimateComparison } from './estimate-comparison';
import type { TrailPoint } from '@/lib/dispatch/server/get-dispatch-trail';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { DESTINATION_LOCKED_IN } from '@/lib/dispatch/shared/transitions/table';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { DispatchDetailText } from '@/components/platform/i18n/messages/dispatch-detail';
import styles from './dispatch-detail.module.css';
import { estimateQuery } from '@/components/pricing/estimates/queries';
import { dispatchDetailKeys, patchDestination, trailQuery } from './queries';
import { statusLabel } from './status-labels';
import { escapeCancels, useInPlaceEditor, useInPlaceSave } from './in-place-editor';
import type { DispatchSurface } from './surface';

// The form edits exactly what PATCH …/destination takes: the address line is required, so the
// driver never gets bare coordinates (a moved pin fills it by reverse lookup when it can).
const DestinationFormSchema = StaffDestinationSchema.pick({ lat: true, lng: true, address_line: true });
type DestinationForm = z.input<typeof DestinationFormSchema>;

const ESTIMATE_DEBOUNCE_MS = 350;

export interface MapSettings {
  tileUrl: string | null;
  tileAttribution?: string;
}

/**
 * The route on the map and the destination change: drag the destination marker (or move it with
 * the arrow keys, or type coordinates), compare the estimates, then confirm or cancel. While the
 * dispatch is in a state that locks the destination, the marker does not move and the card says why.
 */
export function RouteCard({
  dispatch,
  driverPosition,
  t,
  common,
  map,
  surface,
  locale,
}: {
  dispatch: DispatchRecord;
  /** Where the driver last reported themselves, while they are on the dispatch. */
  driverPosition: MapPoint | null;
  t: DispatchDetailText;
  common: CommonText;
  map: MapSettings;
  surface: DispatchSurface;
  locale: Locale;
}) {
  const status = currentStatus(dispatch.status);
  // The rule the server applies (lib/dispatch/server/internal/change-destination.ts).
  const isLocked = DESTINATION_LOCKED_IN.includes(status);
  const canChange = surface.canChangeDestination;

  const form = useForm<DestinationForm>({ resolver: localizedZodResolver(DestinationFormSchema), mode: 'onChange' });
  const { errors } = form.formState;
  const lat = useWatch({ control: form.control, name: 'lat' });
  const lng = useWatch({ control: form.control, name: 'lng' });

  // A live update that locks the destination closes the editor (and the marker stops moving).
  const { isOpen, buttonRef, openEditor, closeEditor, dismissEditor } = useInPlaceEditor(form, 'lat', !isLocked && canChange);
  const draft = useMemo<MapPoint | null>(() => (isOpen ? toPoint(lat, lng) : null), [isOpen, lat, lng]);
  const settledDraft = useDebouncedValue(draft, ESTIMATE_DEBOUNCE_MS);

  // Stable points: the map compares positions between renders.
  const pickup = useMemo(() => ({ lat: dispatch.pickup.lat, lng: dispatch.pickup.lng }), [dispatch.pickup.lat, dispatch.pickup.lng]);
  const saved = useMemo(() => ({ lat: dispatch.destination.lat, lng: dispatch.destination.lng }), [dispatch.destination.lat, dispatch.destination.lng]);
  const driverLat = driverPosition?.lat;
  const driverLng = driverPosition?.lng;
  const driver = useMemo(
    () => (driverLat === undefined || driverLng === undefined ? null : { lat: driverLat, lng: driverLng }),
    [driverLat, driverLng],
  );
  const pickupWaitTime = dispatch.vendor_payload?.pickup_wait_time;
  const currentEstimate = useQuery({
    ...estimateQuery({ pickup, destination: saved, pickupWaitTime }),
    enabled: isOpen,
  });
  const newEstimate = useQuery({
    ...estimateQuery({ pickup, destination: settledDraft ?? saved, pickupWaitTime }),
    enabled: isOpen && settledDraft !== null,
    placeholderData: keepPreviousData,
  });
  const isNewEstimateSettled = draft !== null && samePoint(draft, settledDraft) && !newEstimate.isFetching;

  // The moved pin's address, unless the staff member typed their own: the address book (and the
  // geocoding service, when one is configured) at the settled pin.
  const [isAddressTyped, setIsAddressTyped] = useState(false);
  const pinAddress = useQuery({
    queryKey: ['addresses', 'reverse', settledDraft?.lat ?? null, settledDraft?.lng ?? null, locale],
    queryFn: ({ signal }) => reverseAddress(settledDraft!, locale, signal),
    enabled: isOpen && settledDraft !== null && !samePoint(settledDraft, saved),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (!isOpen || isAddressTyped || !pinAddress.data) return;
    form.setValue('address_line', pinAddress.data.label, { shouldValidate: true, shouldDirty: true });
  }, [isOpen, isAddressTyped, pinAddress.data, form]);
  const isPinUnknown = isOpen && pinAddress.isSuccess && pinAddress.data === null && !isAddressTyped;
  // The route the driver took, followed while they are on the dispatch (their position is shown then).
  const trail = useQuery({ ...trailQuery(dispatch.id, surface, driver !== null), enabled: dispatch.assigned_driver_id !== null });
  const trailLines = useMemo(() => linesByDriver(trail.data?.points ?? []), [trail.data]);

  const { save, failure, setFailure } = useInPlaceSave({
    dispatchId: dispatch.id,
    form,
    fields: ['lat', 'lng', 'address_line'],
    editor: { closeEditor, dismissEditor },
    send: (destination: Address) => patchDestination(dispatch.id, destination, surface),
    alsoStale: dispatchDetailKeys.deliveries(dispatch.id),
    savedText: t.destinationChanged,
    detailOf: (error) => error.message,
  });

  function open(point: MapPoint, focusForm = false) {
    setFailure(null);
    setIsAddressTyped(false);
    form.reset({ lat: point.lat, lng: point.lng, address_line: '' });
    openEditor(focusForm);
  }

  function cancel() {
    form.clearErrors();
    setFailure(null);
    closeEditor();
  }

  function onDestinationChange(point: MapPoint) {
    if (!canChange || isLocked || save.isPending) return;
    if (!isOpen) {
      open(point);
      return;
    }
    setFailure(null);
    form.setValue('lat', point.lat, { shouldValidate: true, shouldDirty: true });
    form.setValue('lng', point.lng, { shouldValidate: true, shouldDirty: true });
  }

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    const addressLine = values.address_line?.trim();
    save.mutate({ lat: values.lat, lng: values.lng, ...(addressLine ? { address_line: addressLine } : {}) });
  });

  const destination = draft ?? saved;
  const statusText = statusLabel(common, status);

  return (
    <section className="card" aria-labelledby="route-title">
      <h2 id="route-title">{t.sectionRoute}</h2>
      <LazyDispatchMap
        tileUrl={map.tileUrl}
        tileAttribution={map.tileAttribution}
        pickup={pickup}
        destination={destination}
        driver={driver}
        trail={trailLines}
        isDestinationDraggable={canChange && !isLocked && !save.isPending}
        onDestinationChange={onDestinationChange}
        labels={{
          map: t.mapLabel,
          pickup: t.pickup,
          destination: t.destination,
          driver: t.driverOnMap,
        }}
        fitKey={dispatch.id}
        height={340}
      />
      <dl className={styles.addresses}>
        <dt>
          <span className={`${styles.legend} ${styles.legendPickup}`} aria-hidden="true" />
          {t.pickup}
        </dt>
        <dd>
          <AddressText address={dispatch.pickup} t={t} />
        </dd>
        <dt>
          <span className={`${styles.legend} ${styles.legendDestination}`} aria-hidden="true" />
          {t.destination}
        </dt>
        <dd data-testid="current-destination">
          <AddressText address={dispatch.destination} t={t} />
        </dd>
      </dl>
      {trail.data && trail.data.points.length > 1 ? (
        <p className="muted" data-testid="trail-legend">
          <span className={`${styles.legend} ${styles.legendTrail}`} aria-hidden="true" />{' '}
          {format(t.trailLegend, { count: trail.data.total })}
        </p>
      ) : null}

      <DestinationChanges dispatchId={dispatch.id} surface={surface} t={t} locale={locale} />

      {failure?.kind === 'conflict' ? (
        <p className="alert alert--warning" role="alert" data-testid="destination-conflict">
          {format(t.destinationConflict, { status: statusText })}
        </p>
      ) : null}
      {canChange && isLocked && failure?.kind !== 'conflict' ? (
        <p className="alert alert--info" data-testid="destination-locked">
          {format(t.destinationLocked, { status: statusText })}
        </p>
      ) : null}

      {canChange && !isLocked && !isOpen ? (
        <div className={styles.changeRow}>
          <button ref={buttonRef} type="button" className="btn" onClick={() => open(dispatch.destination, true)}>
            {t.changeDestination}
          </button>
          <p className="field__hint">{t.changeHint}</p>
        </div>
      ) : null}

      {isOpen ? (
        <form className={styles.changePanel} onSubmit={onSubmit} onKeyDown={escapeCancels(save.isPending, cancel)} noValidate aria-labelledby="change-destination-title" data-testid="destination-change">
          <h3 id="change-destination-title" className={styles.subheading}>
            {t.changePanelTitle}
          </h3>
          <p className="field__hint">{t.changeHint}</p>
          {failure?.kind === 'error' ? (
            <p className="alert alert--error" role="alert">
              {format(t.destinationSaveFailed, { detail: failure.detail })}
            </p>
          ) : null}
          <div className="grid-2">
            <NumberField name="lat" label={t.latitude} form={form} error={errors.lat?.message} step="0.000001" />
            <NumberField name="lng" label={t.longitude} form={form} error={errors.lng?.message} step="0.000001" />
          </div>
          <div className="field">
            <label htmlFor="destination-address_line">{t.addressLine}</label>
            <input
              id="destination-address_line"
              className="input"
              autoComplete="off"
              aria-invalid={errors.address_line ? true : undefined}
              aria-describedby="destination-address_line-hint"
              {...form.register('address_line', {
                onChange: (event: { target: { value: string } }) => {
                  // Typed text is the staff member's: a later pin move no longer replaces it (emptied, it may).
                  setIsAddressTyped(event.target.value.trim() !== '');
                },
              })}
            />
            <p id="destination-address_line-hint" className="field__hint" data-testid="destination-address-hint">
              {isPinUnknown ? t.addressLineUnknown : format(t.addressLineHint, { current: dispatch.destination.address_line || t.notGiven })}
            </p>
            {errors.address_line ? <p className="field__error">{errors.address_line.message}</p> : null}
          </div>
          <EstimateComparison
            current={currentEstimate.data}
            next={newEstimate.data}
            isCurrentLoading={currentEstimate.isPending}
            isNextLoading={!isNewEstimateSettled}
            error={currentEstimate.error ?? newEstimate.error}
            t={t}
          />
          <div className="row">
            <button type="submit" className="btn btn--primary" disabled={save.isPending || draft === null}>
              {save.isPending ? t.saving : t.confirmDestination}
            </button>
            <button type="button" className="btn" onClick={cancel} disabled={save.isPending}>
              {common.cancel}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function AddressText({ address, t }: { address: Address; t: DispatchDetailText }) {
  return (
    <>
      {address.address_line ? <span>{address.address_line} </span> : null}
      <span className="muted mono" dir="ltr" data-testid="coordinates">
        {format(t.coordinates, { lat: address.lat, lng: address.lng })}
      </span>
    </>
  );
}

function NumberField({
  name,
  label,
  form,
  error,
  step,
}: {
  name: 'lat' | 'lng';
  label: string;
  form: UseFormReturn<DestinationForm>;
  error: string | undefined;
  step: string;
}) {
  return (
    <Field id={`destination-${name}`} label={label} error={error}>
      {(aria) => (
        <input
          {...aria}
          type="number"
          inputMode="decimal"
          step={step}
          dir="ltr"
          className="input"
          {...form.register(name, { valueAsNumber: true })}
        />
      )}
    </Field>
  );
}

/** The typed coordinates, when they make a point (inputs may hold NaN or nothing meanwhile). */
function toPoint(lat: number | undefined, lng: number | undefined): MapPoint | null {
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** The trail's points as lines, a new one wherever the driver changes (a reassignment). */
function linesByDriver(points: TrailPoint[]): MapPoint[][] {
  const lines: MapPoint[][] = [];
  let driverId: string | null = null;
  for (const point of points) {
    if (point.driver_id !== driverId || lines.length === 0) lines.push([]);
    driverId = point.driver_id;
    lines.at(-1)!.push({ lat: point.lat, lng: point.lng });
  }
  return lines;
}

function samePoint(a: MapPoint | null, b: MapPoint | null): boolean {
  return a !== null && b !== null && a.lat === b.lat && a.lng === b.lng;
}
