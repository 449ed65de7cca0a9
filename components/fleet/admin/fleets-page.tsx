'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { CreateFleetBodySchema, type CreateFleetBody, type FleetView } from '@/lib/fleet/shared/fleets/schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import type { Locale } from '@/components/platform/i18n/locale';
import { format } from '@/components/platform/i18n/messages';
import type { AdminFleetText } from '@/components/platform/i18n/messages/admin-fleet';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import { Dialog } from '@/components/platform/ui/dialog';
import { Field } from '@/components/platform/ui/field';
import { FormFailure } from '@/components/platform/ui/form-failure';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { QueryTable } from '@/components/platform/ui/query-table';
import { errorText } from '@/components/platform/ui/query-error';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useConfirmedAction } from '@/components/platform/ui/use-confirmed-action';
import { useToast } from '@/components/platform/ui/toast';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import styles from '@/components/platform/ui/ui.module.css';
import { ActiveBadge } from './driver-fields';
import { driverKeys, fleetKeys, fleetQueries, fleetApi } from './queries';

interface Props {
  t: AdminFleetText;
  common: CommonText;
  locale: Locale;
}

/** Fleets with their driver counts: create, rename, deactivate (with its drivers), reactivate. */
export function FleetsPage({ t, common, locale }: Props) {
  const fleets = useQuery(fleetQueries.list());
  const queryClient = useQueryClient();
  const toast = useToast();
  const isHydrated = useIsHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [renaming, setRenaming] = useState<FleetView | null>(null);

  // Deactivating asks first (its drivers go with it); reactivating does not.
  const toggle = useConfirmedAction({
    action: (fleet: FleetView) => fleetApi.updateFleet(fleet.id, { is_active: !fleet.is_active }),
    onSuccess: async (saved) => {
      toast(format(saved.is_active ? t.fleetReactivatedToast : t.fleetDeactivatedToast, { name: saved.name }), 'success');
      await Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.all }), queryClient.invalidateQueries({ queryKey: driverKeys.all })]);
    },
    text: (fleet) => ({
      title: format(t.deactivateFleetTitle, { name: fleet?.name ?? '' }),
      body: <p>{format(t.deactivateFleetBody, { count: fleet?.active_driver_count ?? 0 })}</p>,
      confirmLabel: t.deactivate,
      pendingLabel: t.deactivating,
    }),
    common,
    fallbackFocusRef: headingRef,
  });

  return (
    <div className={`${styles.layout} ${styles.page}`}>
      <Panel headingId="fleets-heading" title={t.fleetsTitle} headingRef={headingRef} isTitleHidden>
        <FormFailure message={toggle.mutation.isError && !toggle.isOpen ? errorText(toggle.mutation.error, common) : null} />
        <QueryTable
          query={fleets}
          rowCount={fleets.data?.length}
          columns={[t.colName, t.colDrivers, t.colActiveDrivers, t.colStatus, t.colCreated]}
          actionsLabel={t.colActions}
          empty={t.fleetsEmpty}
          common={common}
          skeletonRows={4}
          testId="fleets-table"
        >
          {fleets.data?.map((fleet) => (
            <tr key={fleet.id} data-testid="fleet-row">
              <td>
                <div>
                  <bdi>{fleet.name}</bdi>
                </div>
                <div className="muted mono">
                  <bdi>{fleet.id}</bdi>
                </div>
              </td>
              <td>
                <Link href={`/admin/drivers?fleet=${encodeURIComponent(fleet.id)}`} aria-label={`${t.viewDrivers} — ${fleet.name}`}>
                  {fleet.driver_count}
                </Link>
              </td>
              <td>{fleet.active_driver_count}</td>
              <td>
                <ActiveBadge isActive={fleet.is_active} t={t} />
              </td>
              <td className={styles.nowrap}>{isHydrated ? formatDateTime(fleet.created_at, locale) : null}</td>
              <td className={styles.cellEnd}>
                <div className={styles.actions}>
                  <button type="button" className="btn btn--small" aria-label={`${t.rename} — ${fleet.name}`} onClick={() => setRenaming(fleet)}>
                    {t.rename}
                  </button>
                  {fleet.is_active ? (
                    <button type="button" className="btn btn--small btn--danger" aria-label={`${t.deactivate} — ${fleet.name}`} onClick={() => toggle.ask(fleet)}>
                      {t.deactivate}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={`${t.reactivate} — ${fleet.name}`}
                      onClick={() => toggle.mutation.mutate(fleet)}
                      disabled={toggle.mutation.isPending}
                    >
                      {t.reactivate}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </QueryTable>
      </Panel>

      <CreateFleetForm t={t} common={common} />

      <Dialog isOpen={renaming !== null} onClose={() => setRenaming(null)} title={format(t.renameTitle, { name: renaming?.name ?? '' })} fallbackFocusRef={headingRef}>
        {renaming ? <RenameForm fleet={renaming} t={t} common={common} onDone={() => setRenaming(null)} /> : null}
      </Dialog>

      {toggle.dialog}
    </div>
  );
}

/** A fleet's name, as the create and rename forms take it (the API's schema). */
function useNameForm(save: (name: string, reset: () => void) => Promise<unknown>, common: CommonText, defaultName: string) {
  return useApiForm<CreateFleetBody>({
    resolver: localizedZodResolver(CreateFleetBodySchema),
    defaultValues: { name: defaultName },
    fields: ['name'],
    common,
    submit: ({ name }, { reset }) => save(name, () => reset()),
  });
}

function CreateFleetForm({ t, common }: { t: AdminFleetText; common: CommonText }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const api = useNameForm(
    async (name, reset) => {
      const created = await fleetApi.createFleet(name);
      reset();
      toast(format(t.createdFleetToast, { name: created.name }), 'success');
      await queryClient.invalidateQueries({ queryKey: fleetKeys.all });
    },
    common,
    '',
  );
  return (
    <FormPanel api={api} heading={{ headingId: 'new-fleet-heading', title: t.newFleetHeading }} submitLabel={t.createFleet} pendingLabel={t.creatingFleet} testId="new-fleet">
      <Field id="new-fleet-name" label={t.fleetName} error={api.form.formState.errors.name?.message}>
        {(aria) => <input {...aria} className="input" autoComplete="off" {...api.form.register('name')} />}
      </Field>
    </FormPanel>
  );
}

function RenameForm({ fleet, t, common, onDone }: { fleet: FleetView; t: AdminFleetText; common: CommonText; onDone: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const api = useNameForm(
    async (name) => {
      const saved = await fleetApi.updateFleet(fleet.id, { name });
      toast(format(t.renamedToast, { name: saved.name }), 'success');
      onDone();
      await Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.all }), queryClient.invalidateQueries({ queryKey: driverKeys.all })]);
    },
    common,
    fleet.name,
  );
  return (
    <FormPanel api={api} variant="plain" submitLabel={common.save} pendingLabel={t.saving} cancelLabel={common.cancel} onCancel={onDone}>
      <Field id="rename-fleet-name" label={t.newName} error={api.form.formState.errors.name?.message}>
        {(aria) => <input {...aria} className="input" autoComplete="off" data-autofocus {...api.form.register('name')} />}
      </Field>
    </FormPanel>
  );
}
