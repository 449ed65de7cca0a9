'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { UpdateDriverBodySchema, type AdminDriver } from '@/lib/drivers/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { AdminFleetText } from '@/lib/i18n/messages/admin-fleet';
import type { CommonText } from '@/lib/i18n/messages/common';
import { pickLocaleText } from '@/lib/i18n/pick-locale-text';
import { currentStatus, statusBadgeClass, statusLabel } from '@/components/dispatch-detail/status-labels';
import { LazyDispatchMap } from '@/components/map/lazy-dispatch-map';
import { ConfirmDialog } from '@/components/settings/dialog';
import { QueryError, errorText } from '@/components/ui/query-error';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { DriverFields, type DriverFormValues } from './driver-fields';
import { Pager } from './pager';
import { PositionAge } from './position-age';
import { driverKeys, driverQueries, fleetKeys, fleetQueries, fleetApi } from './queries';
import { useCursorPages } from './use-cursor-pages';
import styles from './console.module.css';
import { FormFailure } from '@/components/ui/form-failure';

interface Props {
  initial: AdminDriver;
  t: AdminFleetText;
  common: CommonText;
  locale: Locale;
  map: { tileUrl: string | null; tileAttribution: string };
}

/** One driver: edit, deactivate or reactivate, last known position, dispatches across accounts. */
export function DriverDetail({ initial, t, common, locale, map }: Props) {
  const driver = useQuery({ ...driverQueries.detail(initial.id), initialData: initial }).data;
  return (
    <div className={`stack ${styles.page}`}>
      {driver.is_active ? null : (
        <p className="alert alert--warning" role="status" data-testid="driver-inactive">
          {t.inactiveNotice}
        </p>
      )}
      <div className="grid-2">
        <DriverForm driver={driver} t={t} common={common} />
        <PositionCard driver={driver} t={t} locale={locale} map={map} />
      </div>
      <DriverDispatches driverId={driver.id} t={t} common={common} locale={locale} />
    </div>
  );
}

function DriverForm({ driver, t, common }: { driver: AdminDriver; t: AdminFleetText; common: CommonText }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const fleets = useQuery(fleetQueries.list());
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DriverFormValues>({
    resolver: localizedZodResolver(UpdateDriverBodySchema) as never,
    values: { name: driver.name, phone: driver.phone ?? '', fleet_id: driver.fleet?.id ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  const onSaved = async (saved: AdminDriver) => {
    queryClient.setQueryData(driverKeys.detail(saved.id), saved);
    await Promise.all([queryClient.invalidateQueries({ queryKey: driverKeys.all }), queryClient.invalidateQueries({ queryKey: fleetKeys.all })]);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await fleetApi.updateDriver(driver.id, { name: values.name, phone: values.phone.trim() || null, fleet_id: values.fleet_id || null });
      reset({ name: saved.name, phone: saved.phone ?? '', fleet_id: saved.fleet?.id ?? '' });
      toast(t.savedToast, 'success');
      await onSaved(saved);
    } catch (error) {
      if (!placeFieldErrors(error, ['name', 'phone', 'fleet_id'], setError)) setFailure(errorText(error, common));
    }
  });

  const toggle = useMutation({
    mutationFn: () => fleetApi.updateDriver(driver.id, { is_active: !driver.is_active }),
    onSuccess: async (saved) => {
      setConfirmOpen(false);
      toast(format(saved.is_active ? t.reactivatedToast : t.deactivatedToast, { name: saved.name }), 'success');
      await onSaved(saved);
    },
  });

  // The driver's own fleet comes first under a stable key: when the list arrives, the select keeps it selected.
  const otherFleets = (fleets.data ?? []).filter((fleet) => fleet.is_active && fleet.id !== driver.fleet?.id);
  return (
    <form onSubmit={onSubmit} noValidate className="card stack" aria-labelledby="driver-details-heading" data-testid="driver-form">
      <div className={styles.sectionHeader}>
        <h2 id="driver-details-heading" ref={headingRef} tabIndex={-1}>
          {t.detailsHeading}
        </h2>
        <div className={styles.badges}>
          {driver.is_active ? <span className="badge badge--success">{t.active}</span> : <span className="badge badge--danger">{t.inactive}</span>}
          {driver.sandbox_account ? (
            <span className={`badge ${styles.sandboxBadge}`}>{format(t.sandboxOf, { account: driver.sandbox_account.name })}</span>
          ) : null}
        </div>
      </div>
      <DriverFields idPrefix="driver" t={t} register={register} errors={errors} fleets={driver.fleet ? [driver.fleet, ...otherFleets] : otherFleets} />
      <FormFailure message={failure} />
      <FormFailure message={toggle.isError && !isConfirmOpen ? errorText(toggle.error, common) : null} />
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? t.saving : t.saveChanges}
        </button>
        {driver.is_active ? (
          <button
            type="button"
            className="btn btn--danger"
            onClick={() => {
              toggle.reset();
              setConfirmOpen(true);
            }}
          >
            {t.deactivate}
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
            {toggle.isPending ? t.reactivating : t.reactivate}
          </button>
        )}
      </div>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => toggle.mutate()}
        title={format(t.deactivateTitle, { name: driver.name })}
        body={<p>{t.deactivateBody}</p>}
        confirmLabel={t.deactivate}
        pendingLabel={t.deactivating}
        cancelLabel={common.cancel}
        isPending={toggle.isPending}
        error={toggle.isError ? errorText(toggle.error, common) : null}
        isDestructive
        fallbackFocusRef={headingRef}
      />
    </form>
  );
}

function PositionCard({ driver, t, locale, map }: { driver: AdminDriver; t: AdminFleetText; locale: Locale; map: Props['map'] }) {
  const position = driver.last_position;
  const isHydrated = useIsHydrated();
  return (
    <section className="card stack" aria-labelledby="driver-position-heading" data-testid="driver-position">
      <h2 id="driver-position-heading">{t.positionHeading}</h2>
      {position ? (
        <>
          <p>
            {isHydrated ? (
              <>
                <PositionAge at={position.at} locale={locale} /> · <span className="muted">{formatDateTime(position.at, locale)}</span>
              </>
            ) : null}
          </p>
          <p>
            <span className="muted">{t.positionCoordinates}: </span>
            <bdi className="mono" data-testid="driver-coordinates">
              {position.lat.toFixed(5)}, {position.lng.toFixed(5)}
            </bdi>
          </p>
          <LazyDispatchMap
            tileUrl={map.tileUrl}
            tileAttribution={map.tileAttribution}
            pickup={null}
            destination={null}
            driver={{ lat: position.lat, lng: position.lng }}
            labels={{ map: t.positionMap, pickup: '', destination: '', driver: driver.name }}
            fitKey={driver.id}
            height={260}
          />
        </>
      ) : (
        <p className="muted">{t.positionNone}</p>
      )}
    </section>
  );
}

const DISPATCH_COLUMNS = 5;

function DriverDispatches({ driverId, t, common, locale }: { driverId: string; t: AdminFleetText; common: CommonText; locale: Locale }) {
  const pages = useCursorPages(driverId);
  const dispatches = useQuery(driverQueries.dispatches(driverId, pages.cursor));
  const isHydrated = useIsHydrated();
  return (
    <section className="card stack" aria-labelledby="driver-dispatches-heading" data-testid="driver-dispatches">
      <div>
        <h2 id="driver-dispatches-heading">{t.dispatchesHeading}</h2>
        <p className="muted">{t.dispatchesIntro}</p>
      </div>
      {dispatches.isError ? <QueryError error={dispatches.error} onRetry={() => dispatches.refetch()} common={common} /> : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.colDispatch}</th>
              <th scope="col">{t.colVendor}</th>
              <th scope="col">{t.colOrder}</th>
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colCreated}</th>
            </tr>
          </thead>
          <tbody>
            <PendingOrEmptyRows isPending={dispatches.isPending} isEmpty={dispatches.isSuccess && dispatches.data.data.length === 0} rows={3} columns={DISPATCH_COLUMNS} cellClassName={styles.skeletonText} empty={t.dispatchesEmpty} />
            {dispatches.data?.data.map((record) => {
              const status = currentStatus(record);
              return (
                <tr key={record.id}>
                  <td className="mono">
                    <Link href={`/admin/dispatches/${encodeURIComponent(record.id)}`}>{record.r_id}</Link>
                  </td>
                  <td>
                    <bdi>{pickLocaleText(record.vendor_name, locale)}</bdi>
                  </td>
                  <td>
                    <bdi>{record.vendor_oid}</bdi>
                  </td>
                  <td>
                    <span className={statusBadgeClass(status)}>{statusLabel(common, status)}</span>
                  </td>
                  <td className={styles.nowrap}>{isHydrated ? formatDateTime(record.created_at, locale) : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager hasPrevious={pages.hasPrevious} nextCursor={dispatches.data?.next_cursor} onPrevious={pages.previous} onNext={pages.next} labels={t} />
    </section>
  );
}
