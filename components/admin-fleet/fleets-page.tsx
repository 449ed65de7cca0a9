'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateFleetBodySchema, type CreateFleetBody, type FleetView } from '@/lib/fleets/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { formatDateTime } from '@/lib/i18n/format-time';
import type { Locale } from '@/lib/i18n/locale';
import { format } from '@/lib/i18n/messages';
import type { AdminFleetText } from '@/lib/i18n/messages/admin-fleet';
import type { CommonText } from '@/lib/i18n/messages/common';
import { ConfirmDialog, Dialog } from '@/components/settings/dialog';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { QueryError, errorText } from '@/components/ui/query-error';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import { driverKeys, fleetKeys, fleetQueries, fleetApi } from './queries';
import styles from './console.module.css';

const COLUMNS = 6;

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
  const [deactivating, setDeactivating] = useState<FleetView | null>(null);
  const [isDeactivateOpen, setDeactivateOpen] = useState(false);

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.all }), queryClient.invalidateQueries({ queryKey: driverKeys.all })]);
  const toggle = useMutation({
    mutationFn: (fleet: FleetView) => fleetApi.updateFleet(fleet.id, { is_active: !fleet.is_active }),
    onSuccess: async (saved) => {
      setDeactivateOpen(false);
      toast(format(saved.is_active ? t.fleetReactivatedToast : t.fleetDeactivatedToast, { name: saved.name }), 'success');
      await refresh();
    },
  });

  return (
    <div className={`${styles.layout} ${styles.page}`}>
      <section className="card stack" aria-labelledby="fleets-heading">
        <h2 id="fleets-heading" ref={headingRef} tabIndex={-1} className="sr-only">
          {t.fleetsTitle}
        </h2>
        {fleets.isError ? <QueryError error={fleets.error} onRetry={() => fleets.refetch()} common={common} /> : null}
        <FormFailure message={toggle.isError && !isDeactivateOpen ? errorText(toggle.error, common) : null} />
        <div className="table-wrap">
          <table className="table" data-testid="fleets-table">
            <thead>
              <tr>
                <th scope="col">{t.colName}</th>
                <th scope="col">{t.colDrivers}</th>
                <th scope="col">{t.colActiveDrivers}</th>
                <th scope="col">{t.colStatus}</th>
                <th scope="col">{t.colCreated}</th>
                <th scope="col">
                  <span className="sr-only">{t.colActions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              <PendingOrEmptyRows isPending={fleets.isPending} isEmpty={fleets.isSuccess && fleets.data.length === 0} rows={4} columns={COLUMNS} cellClassName={styles.skeletonText} empty={t.fleetsEmpty} />
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
                    {fleet.is_active ? <span className="badge badge--success">{t.active}</span> : <span className="badge badge--danger">{t.inactive}</span>}
                  </td>
                  <td className={styles.nowrap}>{isHydrated ? formatDateTime(fleet.created_at, locale) : null}</td>
                  <td className={styles.cellEnd}>
                    <div className={styles.actions}>
                      <button type="button" className="btn btn--small" aria-label={`${t.rename} — ${fleet.name}`} onClick={() => setRenaming(fleet)}>
                        {t.rename}
                      </button>
                      {fleet.is_active ? (
                        <button
                          type="button"
                          className="btn btn--small btn--danger"
                          aria-label={`${t.deactivate} — ${fleet.name}`}
                          onClick={() => {
                            toggle.reset();
                            setDeactivating(fleet);
                            setDeactivateOpen(true);
                          }}
                        >
                          {t.deactivate}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-label={`${t.reactivate} — ${fleet.name}`}
                          onClick={() => toggle.mutate(fleet)}
                          disabled={toggle.isPending}
                        >
                          {t.reactivate}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <CreateFleetForm t={t} common={common} />

      <Dialog isOpen={renaming !== null} onClose={() => setRenaming(null)} title={format(t.renameTitle, { name: renaming?.name ?? '' })} fallbackFocusRef={headingRef}>
        {renaming ? <RenameForm fleet={renaming} t={t} common={common} onDone={() => setRenaming(null)} /> : null}
      </Dialog>

      <ConfirmDialog
        isOpen={isDeactivateOpen}
        onClose={() => setDeactivateOpen(false)}
        onConfirm={() => deactivating && toggle.mutate(deactivating)}
        title={format(t.deactivateFleetTitle, { name: deactivating?.name ?? '' })}
        body={<p>{format(t.deactivateFleetBody, { count: deactivating?.active_driver_count ?? 0 })}</p>}
        confirmLabel={t.deactivate}
        pendingLabel={t.deactivating}
        cancelLabel={common.cancel}
        isPending={toggle.isPending}
        error={toggle.isError ? errorText(toggle.error, common) : null}
        isDestructive
        fallbackFocusRef={headingRef}
      />
    </div>
  );
}

function useNameForm(onSave: (name: string) => Promise<unknown>, common: CommonText, defaultName = '', resetOnSave = false) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateFleetBody>({ resolver: localizedZodResolver(CreateFleetBodySchema), defaultValues: { name: defaultName } });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      await onSave(name);
      if (resetOnSave) form.reset();
    } catch (error) {
      if (!placeFieldErrors(error, ['name'], form.setError)) setFailure(errorText(error, common));
    }
  });
  return { form, onSubmit, failure };
}

function CreateFleetForm({ t, common }: { t: AdminFleetText; common: CommonText }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { form, onSubmit, failure } = useNameForm(
    async (name) => {
      const created = await fleetApi.createFleet(name);
      toast(format(t.createdFleetToast, { name: created.name }), 'success');
      await queryClient.invalidateQueries({ queryKey: fleetKeys.all });
    },
    common,
    '',
    true,
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="card stack" aria-labelledby="new-fleet-heading" data-testid="new-fleet">
      <h2 id="new-fleet-heading">{t.newFleetHeading}</h2>
      <Field id="new-fleet-name" label={t.fleetName} error={errors.name?.message}>
        {(aria) => <input {...aria} className="input" autoComplete="off" {...form.register('name')} />}
      </Field>
      <FormFailure message={failure} />
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t.creatingFleet : t.createFleet}
        </button>
      </div>
    </form>
  );
}

function RenameForm({ fleet, t, common, onDone }: { fleet: FleetView; t: AdminFleetText; common: CommonText; onDone: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { form, onSubmit, failure } = useNameForm(
    async (name) => {
      const saved = await fleetApi.updateFleet(fleet.id, { name });
      toast(format(t.renamedToast, { name: saved.name }), 'success');
      onDone();
      await Promise.all([queryClient.invalidateQueries({ queryKey: fleetKeys.all }), queryClient.invalidateQueries({ queryKey: driverKeys.all })]);
    },
    common,
    fleet.name,
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      <Field id="rename-fleet-name" label={t.newName} error={errors.name?.message}>
        {(aria) => <input {...aria} className="input" autoComplete="off" data-autofocus {...form.register('name')} />}
      </Field>
      <FormFailure message={failure} />
      <div className={styles.dialogActions}>
        <button type="button" className="btn" onClick={onDone}>
          {common.cancel}
        </button>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t.saving : common.save}
        </button>
      </div>
    </form>
  );
}
