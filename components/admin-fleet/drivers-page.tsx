'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateDriverBodySchema, type AdminDriver, type CreateDriverBody } from '@/lib/drivers/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { AdminFleetText } from '@/lib/i18n/messages/admin-fleet';
import type { CommonText } from '@/lib/i18n/messages/common';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { QueryError, errorText } from '@/components/ui/query-error';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { useDebouncedValue } from '@/components/dispatch-detail/use-debounced-value';
import { DriverFields, type DriverFormValues } from './driver-fields';
import { Pager } from './pager';
import { PositionAge } from './position-age';
import { driverKeys, driverQueries, fleetKeys, fleetQueries, fleetApi, type DriverFilters } from './queries';
import { useCursorPages } from './use-cursor-pages';
import styles from './console.module.css';

const COLUMNS = 6;

interface Props {
  t: AdminFleetText;
  common: CommonText;
  locale: Locale;
  /** The filters in the URL (`?q=&fleet=&active=`): a link from the fleets page, a reload, Back. */
  initial: { q?: string; fleet?: string; active?: string };
}

/** Every driver: search, filter by fleet and status, page; add a driver beside the list. */
export function DriversPage({ t, common, locale, initial }: Props) {
  const [text, setText] = useState(initial.q ?? '');
  const q = useDebouncedValue(text.trim(), 300);
  const [fleet, setFleet] = useState(initial.fleet ?? '');
  const [active, setActive] = useState<'' | 'true' | 'false'>(initial.active === 'true' || initial.active === 'false' ? initial.active : '');
  const filters: Omit<DriverFilters, 'cursor'> = { q: q || undefined, fleet: fleet || undefined, active: active || undefined };
  useFiltersInUrl(filters);
  const pages = useCursorPages(JSON.stringify(filters));
  const drivers = useQuery(driverQueries.list({ ...filters, cursor: pages.cursor }));
  const fleets = useQuery(fleetQueries.list());

  return (
    <div className={`${styles.layout} ${styles.page}`}>
      <section className="card stack" aria-labelledby="drivers-heading">
        <h2 id="drivers-heading" className="sr-only">
          {t.driversTitle}
        </h2>
        <search aria-label={t.filtersLabel} className={styles.filters}>
          <Field id="driver-search" label={t.search} className={styles.grow}>
            {(aria) => (
              <input
                {...aria}
                type="search"
                className="input"
                value={text}
                placeholder={t.searchHint}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </Field>
          <Field id="driver-fleet" label={t.fleet}>
            {(aria) => (
              <select {...aria} className="select" value={fleet} onChange={(event) => setFleet(event.target.value)}>
                <option value="">{t.anyFleet}</option>
                {fleets.data?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
                {fleet && !fleets.data?.some((option) => option.id === fleet) ? <option value={fleet}>{fleet}</option> : null}
              </select>
            )}
          </Field>
          <Field id="driver-status" label={t.status}>
            {(aria) => (
              <select {...aria} className="select" value={active} onChange={(event) => setActive(event.target.value as typeof active)}>
                <option value="">{t.anyStatus}</option>
                <option value="true">{t.active}</option>
                <option value="false">{t.inactive}</option>
              </select>
            )}
          </Field>
        </search>

        {drivers.isError ? <QueryError error={drivers.error} onRetry={() => drivers.refetch()} common={common} /> : null}
        <div className="table-wrap">
          <table className="table" data-testid="drivers-table" aria-busy={drivers.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t.colName}</th>
                <th scope="col">{t.colPhone}</th>
                <th scope="col">{t.colFleet}</th>
                <th scope="col">{t.colStatus}</th>
                <th scope="col">{t.colLastSeen}</th>
                <th scope="col">{t.colCreated}</th>
              </tr>
            </thead>
            <tbody>
              <PendingOrEmptyRows isPending={drivers.isPending} isEmpty={drivers.isSuccess && drivers.data.data.length === 0} rows={5} columns={COLUMNS} cellClassName={styles.skeletonText} empty={t.driversEmpty} />
              {drivers.data?.data.map((driver) => <DriverRow key={driver.id} driver={driver} t={t} locale={locale} />)}
            </tbody>
          </table>
        </div>
        <Pager
          hasPrevious={pages.hasPrevious}
          nextCursor={drivers.data?.next_cursor}
          onPrevious={pages.previous}
          onNext={pages.next}
          labels={t}
        />
      </section>

      <CreateDriverForm t={t} common={common} fleets={fleets.data?.filter((option) => option.is_active) ?? []} />
    </div>
  );
}

/** Keeps the filters in the address bar (no navigation, no server render): reloads and Back keep them. */
function useFiltersInUrl(filters: Omit<DriverFilters, 'cursor'>) {
  const search = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  useEffect(() => {
    const url = search ? `${window.location.pathname}?${search}` : window.location.pathname;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', url);
  }, [search]);
}

function DriverRow({ driver, t, locale }: { driver: AdminDriver; t: AdminFleetText; locale: Locale }) {
  const isHydrated = useIsHydrated();
  return (
    <tr data-testid="driver-row">
      <td>
        <Link href={`/admin/drivers/${encodeURIComponent(driver.id)}`}>
          <bdi>{driver.name}</bdi>
        </Link>
        {driver.sandbox_account ? (
          <>
            {' '}
            <span className={`badge ${styles.sandboxBadge}`} title={format(t.sandboxOf, { account: driver.sandbox_account.name })}>
              {t.sandboxBadge}
            </span>
          </>
        ) : null}
      </td>
      <td className={styles.nowrap}>{driver.phone ? <bdi>{driver.phone}</bdi> : '—'}</td>
      <td>{driver.fleet ? <bdi>{driver.fleet.name}</bdi> : '—'}</td>
      <td>
        {driver.is_active ? <span className="badge badge--success">{t.active}</span> : <span className="badge badge--danger">{t.inactive}</span>}
      </td>
      <td className={styles.nowrap}>{driver.last_position ? <PositionAge at={driver.last_position.at} locale={locale} /> : <span className="muted">{t.neverSeen}</span>}</td>
      <td className={styles.nowrap}>{isHydrated ? formatDateTime(driver.created_at, locale) : null}</td>
    </tr>
  );
}

function CreateDriverForm({ t, common, fleets }: { t: AdminFleetText; common: CommonText; fleets: { id: string; name: string }[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DriverFormValues>({
    resolver: localizedZodResolver(CreateDriverBodySchema) as never,
    defaultValues: { name: '', phone: '', fleet_id: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const input: CreateDriverBody = { name: values.name, phone: values.phone.trim() || undefined, fleet_id: values.fleet_id || undefined };
    try {
      const created = await fleetApi.createDriver(input);
      reset();
      toast(format(t.createdDriverToast, { name: created.name }), 'success');
      await Promise.all([queryClient.invalidateQueries({ queryKey: driverKeys.all }), queryClient.invalidateQueries({ queryKey: fleetKeys.all })]);
    } catch (error) {
      if (!placeFieldErrors(error, ['name', 'phone', 'fleet_id'], setError)) setFailure(errorText(error, common));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card stack" aria-labelledby="new-driver-heading" data-testid="new-driver">
      <h2 id="new-driver-heading">{t.newDriverHeading}</h2>
      <DriverFields idPrefix="new-driver" t={t} register={register} errors={errors} fleets={fleets} />
      <FormFailure message={failure} />
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t.creatingDriver : t.createDriver}
        </button>
      </div>
    </form>
  );
}
