'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { LazyDispatchMap, type MapPoint } from '@/components/map/lazy-dispatch-map';
import { useToast } from '@/components/ui/toast';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { BranchInputSchema, type Branch } from '@/lib/branches/schemas';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { errorText } from '@/components/ui/query-error';
import { branchKeys, settingsApi } from './queries';
import styles from './settings.module.css';

type BranchFormInput = z.input<typeof BranchInputSchema>;
type BranchFormOutput = z.output<typeof BranchInputSchema>;

const FIELDS: FieldPath<BranchFormInput>[] = ['name', 'vendor_bid', 'pickup.address_line', 'pickup.lat', 'pickup.lng'];

interface Props {
  /** The branch to edit; null adds a new one. */
  branch: Branch | null;
  t: SettingsText;
  common: CommonText;
  tileUrl: string | null;
  tileAttribution: string;
  onDone: () => void;
}

const isCoordinate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Add or edit a branch: name, vendor_bid and the pickup, typed or placed on the map. */
export function BranchForm({ branch, t, common, tileUrl, tileAttribution, onDone }: Props) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<BranchFormInput, unknown, BranchFormOutput>({
    // Same schema as the API; only an empty coordinate (NaN from a number input) gets the form's own words.
    resolver: localizedZodResolver(BranchInputSchema, { error: (issue) => (issue.code === 'invalid_type' ? t.enterNumber : undefined) }),
    defaultValues: branch ?? undefined,
  });

  useEffect(() => headingRef.current?.focus(), []);

  const [lat, lng] = useWatch({ control, name: ['pickup.lat', 'pickup.lng'] });
  const pickup: MapPoint | null = isCoordinate(lat) && isCoordinate(lng) ? { lat, lng } : null;
  const placePickup = (point: MapPoint) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('pickup.lat', point.lat, options);
    setValue('pickup.lng', point.lng, options);
  };

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    let saved: Branch;
    try {
      saved = branch ? await settingsApi.updateBranch(branch.id, input) : await settingsApi.createBranch(input);
    } catch (error) {
      if (!placeFieldErrors(error, FIELDS, setError)) setFailure(errorText(error, common));
      return;
    }
    toast(format(branch ? t.branchSavedToast : t.branchAddedToast, { name: saved.name }), 'success');
    await queryClient.invalidateQueries({ queryKey: branchKeys.all });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className={`card stack ${styles.formPanel}`} aria-labelledby="branch-form-heading" data-testid="branch-form">
      <h3 id="branch-form-heading" ref={headingRef} tabIndex={-1}>
        {branch ? format(t.editBranchHeading, { name: branch.name }) : t.newBranchHeading}
      </h3>
      <div className="grid-2">
        <div className="stack">
          <Field id="branch-name" label={t.branchName} error={errors.name?.message}>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...register('name')} />}
          </Field>
          <Field id="branch-bid" label={t.branchBid} hint={t.branchBidHint} error={errors.vendor_bid?.message}>
            {(aria) => <input {...aria} className="input mono" autoComplete="off" spellCheck={false} {...register('vendor_bid')} />}
          </Field>
          <Field id="branch-address" label={t.pickupAddress} error={errors.pickup?.address_line?.message}>
            {(aria) => (
              <input
                {...aria}
                className="input"
                autoComplete="street-address"
                {...register('pickup.address_line', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
              />
            )}
          </Field>
          <div className={styles.coordinates}>
            <Field id="branch-lat" label={t.pickupLat} error={errors.pickup?.lat?.message}>
              {(aria) => <input {...aria} className="input" type="number" step="any" inputMode="decimal" dir="ltr" {...register('pickup.lat', { valueAsNumber: true })} />}
            </Field>
            <Field id="branch-lng" label={t.pickupLng} error={errors.pickup?.lng?.message}>
              {(aria) => <input {...aria} className="input" type="number" step="any" inputMode="decimal" dir="ltr" {...register('pickup.lng', { valueAsNumber: true })} />}
            </Field>
          </div>
        </div>
        <div className="stack">
          <p id="branch-map-hint" className="field__hint">
            {t.mapHint}
          </p>
          <LazyDispatchMap
            tileUrl={tileUrl}
            tileAttribution={tileAttribution}
            pickup={pickup}
            destination={null}
            isPickupDraggable
            onPickupChange={placePickup}
            placeOnClick="pickup"
            fitKey={branch?.id ?? 'new'}
            height={320}
            labels={{
              map: t.mapLabel,
              pickup: t.mapPickup,
              destination: t.mapDestination,
            }}
          />
        </div>
      </div>
      <FormFailure message={failure} />
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t.savingBranch : t.saveBranch}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {common.cancel}
        </button>
      </div>
    </form>
  );
}
