'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { LazyDispatchMap, type MapPoint } from '@/components/platform/map/lazy-dispatch-map';
import { useToast } from '@/components/platform/ui/toast';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { BranchInputSchema, type Branch } from '@/lib/accounts/shared/branches/schemas';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { Field } from '@/components/platform/ui/field';
import { FormPanel } from '@/components/platform/ui/panel';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import uiStyles from '@/components/platform/ui/ui.module.css';
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
  const api = useApiForm<BranchFormInput, BranchFormOutput>({
    // Same schema as the API; only an empty coordinate (NaN from a number input) gets the form's own words.
    resolver: localizedZodResolver(BranchInputSchema, { error: (issue) => (issue.code === 'invalid_type' ? t.enterNumber : undefined) }),
    defaultValues: branch ?? undefined,
    fields: FIELDS,
    common,
    submit: async (input) => {
      const saved = branch ? await settingsApi.updateBranch(branch.id, input) : await settingsApi.createBranch(input);
      toast(format(branch ? t.branchSavedToast : t.branchAddedToast, { name: saved.name }), 'success');
      await queryClient.invalidateQueries({ queryKey: branchKeys.all });
      onDone();
    },
  });
  const { form } = api;
  const { register, control, setValue } = form;
  const { errors, isSubmitted } = form.formState;

  useEffect(() => headingRef.current?.focus(), []);

  const [lat, lng] = useWatch({ control, name: ['pickup.lat', 'pickup.lng'] });
  const pickup: MapPoint | null = isCoordinate(lat) && isCoordinate(lng) ? { lat, lng } : null;
  const placePickup = (point: MapPoint) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('pickup.lat', point.lat, options);
    setValue('pickup.lng', point.lng, options);
  };

  return (
    <FormPanel
      api={api}
      heading={{ headingId: 'branch-form-heading', title: branch ? format(t.editBranchHeading, { name: branch.name }) : t.newBranchHeading, headingRef, level: 3 }}
      className={uiStyles.formPanel}
      submitLabel={t.saveBranch}
      pendingLabel={t.savingBranch}
      cancelLabel={common.cancel}
      onCancel={onDone}
      testId="branch-form"
    >
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
            labels={{ map: t.mapLabel, pickup: t.mapPickup, destination: t.mapDestination }}
            isPickupDraggable
            onPickupChange={placePickup}
            placeOnClick="pickup"
            fitKey={branch?.id ?? 'new'}
            height={320}
          />
        </div>
      </div>
    </FormPanel>
  );
}
