'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { LazyDispatchMap, type MapPoint } from '@/components/map/lazy-dispatch-map';
import { useToast } from '@/components/ui/toast';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { BranchInputSchema, type Branch } from '@/lib/branches/schemas';
import { ApiClientError } from '@/lib/client/api-fetch';
import { fieldErrorsOf } from '@/lib/http/field-errors';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { errorText } from './query-error';
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
      const fieldErrors = error instanceof ApiClientError && error.status === 400 ? fieldErrorsOf(error.message) : {};
      const known = FIELDS.filter((field) => fieldErrors[field]);
      known.forEach((field, index) => setError(field, { message: fieldErrors[field] }, { shouldFocus: index === 0 }));
      if (known.length === 0) setFailure(errorText(error, common));
      return;
    }
    toast(format(branch ? t.branchSavedToast : t.branchAddedToast, { name: saved.name }), 'success');
    await queryClient.invalidateQueries({ queryKey: branchKeys.all });
    onDone();
  });

  const fieldProps = (id: string, error: string | undefined, hintId?: string) => ({
    id,
    className: 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
  });
  const errorOf = (id: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-error`} className="field__error">
        {message}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate className={`card stack ${styles.formPanel}`} aria-labelledby="branch-form-heading" data-testid="branch-form">
      <h3 id="branch-form-heading" ref={headingRef} tabIndex={-1}>
        {branch ? format(t.editBranchHeading, { name: branch.name }) : t.newBranchHeading}
      </h3>
      <div className="grid-2">
        <div className="stack">
          <div className="field">
            <label htmlFor="branch-name">{t.branchName}</label>
            <input {...fieldProps('branch-name', errors.name?.message)} autoComplete="off" {...register('name')} />
            {errorOf('branch-name', errors.name?.message)}
          </div>
          <div className="field">
            <label htmlFor="branch-bid">{t.branchBid}</label>
            <input
              {...fieldProps('branch-bid', errors.vendor_bid?.message, 'branch-bid-hint')}
              className="input mono"
              autoComplete="off"
              spellCheck={false}
              {...register('vendor_bid')}
            />
            <p id="branch-bid-hint" className="field__hint">
              {t.branchBidHint}
            </p>
            {errorOf('branch-bid', errors.vendor_bid?.message)}
          </div>
          <div className="field">
            <label htmlFor="branch-address">{t.pickupAddress}</label>
            <input
              {...fieldProps('branch-address', errors.pickup?.address_line?.message)}
              autoComplete="street-address"
              {...register('pickup.address_line', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
            />
            {errorOf('branch-address', errors.pickup?.address_line?.message)}
          </div>
          <div className={styles.coordinates}>
            <div className="field">
              <label htmlFor="branch-lat">{t.pickupLat}</label>
              <input
                {...fieldProps('branch-lat', errors.pickup?.lat?.message)}
                type="number"
                step="any"
                inputMode="decimal"
                dir="ltr"
                {...register('pickup.lat', { valueAsNumber: true })}
              />
              {errorOf('branch-lat', errors.pickup?.lat?.message)}
            </div>
            <div className="field">
              <label htmlFor="branch-lng">{t.pickupLng}</label>
              <input
                {...fieldProps('branch-lng', errors.pickup?.lng?.message)}
                type="number"
                step="any"
                inputMode="decimal"
                dir="ltr"
                {...register('pickup.lng', { valueAsNumber: true })}
              />
              {errorOf('branch-lng', errors.pickup?.lng?.message)}
            </div>
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
      {failure ? (
        <p role="alert" className="alert alert--error">
          {failure}
        </p>
      ) : null}
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
