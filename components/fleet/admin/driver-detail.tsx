'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRef } from 'react';
import { UpdateDriverBodySchema, type AdminDriver } from '@/lib/fleet/shared/drivers/schemas';
import { currentStatus } from '@/lib/dispatch/shared/transitions/current-status';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminFleetText } from '@/components/platform/i18n/messages/admin-fleet';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import { pickLocaleText } from '@/components/platform/i18n/pick-locale-text';
import { statusBadgeClass, statusLabel } from '@/components/dispatch/detail/status-labels';
import { LazyDispatchMap } from '@/components/platform/map/lazy-dispatch-map';
import { FormFailure } from '@/components/platform/ui/form-failure';
import { Pager } from '@/components/platform/ui/pager';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { QueryTable } from '@/components/platform/ui/query-table';
import { errorText } from '@/components/platform/ui/query-error';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useConfirmedAction } from '@/components/platform/ui/use-confirmed-action';
import { useToast } from '@/components/platform/ui/toast';
import { useCursorPages } from '@/components/platform/ui/use-cursor-pages';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import styles from '@/components/platform/ui/ui.module.css';
import { ActiveBadge, DRIVER_FIELDS, DriverFields, DutyBadge, type DriverFormValues } from './driver-fields';
import { DriverSignInCard } from './driver-sign-in-card';
import fleetStyles from './fleet.module.css';
import { PositionAge } from './position-age';
import { driverKeys, driverQueries, fleetKeys, fleetQueries, fleetApi } from './queries';

interface Props {
  initial: AdminDriver;
  t: AdminFleetText;
  common: CommonText;
  locale: Locale;
  map: { tileUrl: string | null; tileAttribution: string };
}

/** One driver: edit, deactivate or reactivate, last known position, driver app sign-in, dispatches across accounts. */
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
      <DriverSignInCard driver={driver} t={t} common={common} locale={locale} />
      <DriverDispatches driverId={driver.id} t={t} common={common} locale={locale} />
    </div>
  );
}

function DriverForm({ driver, t, common }: { driver: AdminDriver; t: AdminFleetText; common: CommonText }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const fleets = useQuery(fleetQueries.list());
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onSaved = async (saved: AdminDriver) => {
    queryClient.setQueryData(driverKeys.detail(saved.id), saved);
    await Promise.all([queryClient.invalidateQueries({ queryKey: driverKeys.all }), queryClient.invalidateQueries({ queryKey: fleetKeys.all })]);
  };

  const api = useApiForm<DriverFormValues>({
    resolver: localizedZodResolver(UpdateDriverBodySchema) as never,
    values: { name: driver.name, phone: driver.phone ?? '', fleet_id: driver.fleet?.id ?? '' },
    resetOptions: { keepDirtyValues: true },
    fields: DRIVER_FIELDS,
    common,
    submit: async (values, { reset }) => {
      const saved = await fleetApi.updateDriver(driver.id, { name: values.name, phone: values.phone.trim() || null, fleet_id: values.fleet_id || null });
      reset({ name: saved.name, phone: saved.phone ?? '', fleet_id: saved.fleet?.id ?? '' });
      toast(t.savedToast, 'success');
      await onSaved(saved);
    },
  });
  const { form } = api;

  // Deactivating asks first; reactivating does not.
  const toggle = useConfirmedAction({
    action: (target: AdminDriver) => fleetApi.updateDriver(target.id, { is_active: !target.is_active }),
    onSuccess: async (saved) => {
      toast(format(saved.is_active ? t.reactivatedToast : t.deactivatedToast, { name: saved.name }), 'success');
      await onSaved(saved);
    },
    text: () => ({ title: format(t.deactivateTitle, { name: driver.name }), body: <p>{t.deactivateBody}</p>, confirmLabel: t.deactivate, pendingLabel: t.deactivating }),
    common,
    fallbackFocusRef: headingRef,
  });

  // The driver's own fleet comes first under a stable key: when the list arrives, the select keeps it selected.
  const otherFleets = (fleets.data ?? []).filter((fleet) => fleet.is_active && fleet.id !== driver.fleet?.id);
  return (
    <FormPanel
      api={api}
      heading={{ headingId: 'driver-details-heading', title: t.detailsHeading, headingRef, headerEnd: <DriverBadges driver={driver} t={t} /> }}
      submitLabel={t.saveChanges}
      pendingLabel={t.saving}
      isDirtyOnly
      extraActions={
        driver.is_active ? (
          <button type="button" className="btn btn--danger" onClick={() => toggle.ask(driver)}>
            {t.deactivate}
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => toggle.mutation.mutate(driver)} disabled={toggle.mutation.isPending}>
            {toggle.mutation.isPending ? t.reactivating : t.reactivate}
          </button>
        )
      }
      testId="driver-form"
    >
      <DriverFields idPrefix="driver" t={t} register={form.register} errors={form.formState.errors} fleets={driver.fleet ? [driver.fleet, ...otherFleets] : otherFleets} />
      <FormFailure message={toggle.mutation.isError && !toggle.isOpen ? errorText(toggle.mutation.error, common) : null} />
      {toggle.dialog}
    </FormPanel>
  );
}

function DriverBadges({ driver, t }: { driver: AdminDriver; t: AdminFleetText }) {
  return (
    <div className={styles.badges}>
      <ActiveBadge isActive={driver.is_active} t={t} />
      <DutyBadge driver={driver} t={t} />
      {driver.sandbox_account ? <span className={`badge ${fleetStyles.sandboxBadge}`}>{format(t.sandboxOf, { account: driver.sandbox_account.name })}</span> : null}
    </div>
  );
}

function PositionCard({ driver, t, locale, map }: { driver: AdminDriver; t: AdminFleetText; locale: Locale; map: Props['map'] }) {
  const position = driver.last_position;
  const isHydrated = useIsHydrated();
  return (
    <Panel headingId="driver-position-heading" title={t.positionHeading} testId="driver-position">
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
    </Panel>
  );
}

function DriverDispatches({ driverId, t, common, locale }: { driverId: string; t: AdminFleetText; common: CommonText; locale: Locale }) {
  const pages = useCursorPages(driverId);
  const dispatches = useQuery(driverQueries.dispatches(driverId, pages.cursor));
  const isHydrated = useIsHydrated();
  return (
    <Panel headingId="driver-dispatches-heading" title={t.dispatchesHeading} intro={t.dispatchesIntro} testId="driver-dispatches">
      <QueryTable
        query={dispatches}
        rowCount={dispatches.data?.data.length}
        columns={[t.colDispatch, t.colVendor, t.colOrder, t.colStatus, t.colCreated]}
        empty={t.dispatchesEmpty}
        common={common}
        skeletonRows={3}
      >
        {dispatches.data?.data.map((record) => {
          const status = currentStatus(record.status);
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
      </QueryTable>
      <Pager hasPrevious={pages.hasPrevious} nextCursor={dispatches.data?.next_cursor} onPrevious={pages.previous} onNext={pages.next} common={common} />
    </Panel>
  );
}
