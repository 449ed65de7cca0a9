'use client';

import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { interpolate } from '@/components/dispatch/detail/interpolate';
import { Field, Options } from '@/components/platform/ui/field';
import type { AdminFleetText } from '@/components/platform/i18n/messages/admin-fleet';
import { PHONE_EXAMPLE } from './phone-example';
import { LtrText } from '@/components/platform/ui/ltr-text';

/** What the create and edit forms of a driver hold: blanks are "none" (the forms map them to the API's). */
export interface DriverFormValues {
  name: string;
  phone: string;
  fleet_id: string;
}

/** The fields a refused create or update (400) can name. */
export const DRIVER_FIELDS = ['name', 'phone', 'fleet_id'] as const;

/** Active or inactive, for a driver or a fleet. */
export function ActiveBadge({ isActive, t }: { isActive: boolean; t: Pick<AdminFleetText, 'active' | 'inactive'> }) {
  return isActive ? <span className="badge badge--success">{t.active}</span> : <span className="badge badge--danger">{t.inactive}</span>;
}

/** On or off duty in the driver app, for an active driver (an inactive one is signed out). */
export function DutyBadge({ driver, t }: { driver: { is_active: boolean; on_duty: boolean }; t: Pick<AdminFleetText, 'onDuty' | 'offDuty'> }) {
  if (!driver.is_active) return null;
  return driver.on_duty ? (
    <span className="badge badge--active" data-testid="duty-badge">
      {t.onDuty}
    </span>
  ) : (
    <span className="badge" data-testid="duty-badge">
      {t.offDuty}
    </span>
  );
}

/** A driver's name, phone and fleet, shared by the new-driver form and the driver's page. */
export function DriverFields({
  idPrefix,
  t,
  register,
  errors,
  fleets,
}: {
  idPrefix: string;
  t: AdminFleetText;
  register: UseFormRegister<DriverFormValues>;
  errors: FieldErrors<DriverFormValues>;
  /** The fleets to offer, in order, after "no fleet". */
  fleets: { id: string; name: string }[];
}) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label={t.name} error={errors.name?.message}>
        {(aria) => <input {...aria} className="input" autoComplete="off" {...register('name')} />}
      </Field>
      <Field id={`${idPrefix}-phone`} label={t.phone} hint={interpolate(t.phoneHint, { example: <LtrText>{PHONE_EXAMPLE}</LtrText> })} error={errors.phone?.message}>
        {(aria) => <input {...aria} className="input" type="tel" dir="ltr" autoComplete="off" {...register('phone')} />}
      </Field>
      <Field id={`${idPrefix}-fleet`} label={t.fleet} hint={t.fleetHint} error={errors.fleet_id?.message}>
        {(aria) => (
          <select {...aria} className="select" {...register('fleet_id')}>
            <Options options={fleets.map((fleet) => [fleet.id, fleet.name] as const)} emptyLabel={t.noFleet} />
          </select>
        )}
      </Field>
    </>
  );
}
