'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { CreateDriverBodySchema, type AdminDriver, type CreateDriverBody } from '@/lib/fleet/shared/drivers/schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminFleetText } from '@/components/platform/i18n/messages/admin-fleet';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import { SearchField, SelectField } from '@/components/platform/ui/field';
import { Pager } from '@/components/platform/ui/pager';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { QueryTable } from '@/components/platform/ui/query-table';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import { useCursorPages } from '@/components/platform/ui/use-cursor-pages';
import { useDebouncedValue } from '@/components/platform/ui/use-debounced-value';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import styles from '@/components/platform/ui/ui.module.css';
import { ActiveBadge, DRIVER_FIELDS, DriverFields, DutyBadge, type DriverFormValues } from './driver-fields';
import { PositionAge } from './position-age';
import { driverKeys, driverQueries, fleetKeys, fleetQueries, fleetApi, type DriverFilters } from './queries';
import fleetStyles from './fleet.module.css';
import { LtrText } from '@/components/platform/ui/ltr-text';

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
  // A fleet in the URL that the list does not have (yet) stays selectable under its id.
  const fleetOptions = (fleets.data ?? []).map((option) => [option.id, option.name] as const);
  if (fleet && !fleetOptions.some(([id]) => id === fleet)) fleetOptions.push([fleet, fleet]);
  const statusOptions = [['true', t.active], ['false', t.inactive]] as const;
  const columns = [t.colName, t.colPhone, t.colFleet, t.colStatus, t.colLastSeen, t.colCreated];

  return (
    <div className={`${styles.layout} ${styles.page}`}>
      <Panel headingId="drivers-heading" title={t.driversTitle} isTitleHidden>
        <search aria-label={t.filtersLabel} className={styles.filters}>
          <SearchField id="driver-search" label={t.search} value={text} onChange={setText} placeholder={t.searchHint} />
          <SelectField id="driver-fleet" label={t.fleet} value={fleet} onChange={setFleet} anyLabel={t.anyFleet} options={fleetOptions} />
          <SelectField id="driver-status" label={t.status} value={active} onChange={setActive} anyLabel={t.anyStatus} options={statusOptions} />
        </search>

        <QueryTable query={drivers} rowCount={drivers.data?.data.length} columns={columns} empty={t.driversEmpty} common={common} skeletonRows={5} testId="drivers-table" isBusy={drivers.isFetching}>
          {drivers.data?.data.map((driver) => <DriverRow key={driver.id} driver={driver} t={t} locale={locale} />)}
        </QueryTable>
        <Pager hasPrevious={pages.hasPrevious} nextCursor={drivers.data?.next_cursor} onPrevious={pages.previous} onNext={pages.next} common={common} />
      </Panel>

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
            <span className={`badge ${fleetStyles.sandboxBadge}`} title={format(t.sandboxOf, { account: driver.sandbox_account.name })}>
              {t.sandboxBadge}
            </span>
          </>
        ) : null}
      </td>
      <td className={styles.nowrap}>{driver.phone ? <LtrText testId="driver-phone">{driver.phone}</LtrText> : '—'}</td>
      <td>{driver.fleet ? <bdi>{driver.fleet.name}</bdi> : '—'}</td>
      <td>
        <ActiveBadge isActive={driver.is_active} t={t} /> <DutyBadge driver={driver} t={t} />
      </td>
      <td className={styles.nowrap}>{driver.last_position ? <PositionAge at={driver.last_position.at} locale={locale} /> : <span className="muted">{t.neverSeen}</span>}</td>
      <td className={styles.nowrap}>{isHydrated ? formatDateTime(driver.created_at, locale) : null}</td>
    </tr>
  );
}

function CreateDriverForm({ t, common, fleets }: { t: AdminFleetText; common: CommonText; fleets: { id: string; name: string }[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const api = useApiForm<DriverFormValues>({
    resolver: localizedZodResolver(CreateDriverBodySchema) as never,
    defaultValues: { name: '', phone: '', fleet_id: '' },
    fields: DRIVER_FIELDS,
    common,
    submit: async (values, { reset }) => {
      const input: CreateDriverBody = { name: values.name, phone: values.phone.trim() || undefined, fleet_id: values.fleet_id || undefined };
      const created = await fleetApi.createDriver(input);
      reset();
      toast(format(t.createdDriverToast, { name: created.name }), 'success');
      await Promise.all([queryClient.invalidateQueries({ queryKey: driverKeys.all }), queryClient.invalidateQueries({ queryKey: fleetKeys.all })]);
    },
  });
  const { form } = api;

  return (
    <FormPanel api={api} heading={{ headingId: 'new-driver-heading', title: t.newDriverHeading }} testId="new-driver" submitLabel={t.createDriver} pendingLabel={t.creatingDriver}>
      <DriverFields idPrefix="new-driver" t={t} register={form.register} errors={form.formState.errors} fleets={fleets} />
    </FormPanel>
  );
}
