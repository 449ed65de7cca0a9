'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Branch } from '@/lib/branches/schemas';
import { format } from '@/lib/i18n/messages';
import type { CommonText } from '@/lib/i18n/messages/common';
import type { SettingsText } from '@/lib/i18n/messages/settings';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { BranchForm } from './branch-form';
import { ConfirmDialog } from './dialog';
import { QueryError, errorText } from '@/components/ui/query-error';
import { branchKeys, branchQueries, settingsApi } from './queries';
import styles from './settings.module.css';

const COLUMNS = 4;

interface Props {
  t: SettingsText;
  common: CommonText;
  tileUrl: string | null;
  tileAttribution: string;
}

/** The account's branches with their saved pickups: add, edit (form with a map), delete after a confirmation. */
export function BranchesPanel({ t, common, tileUrl, tileAttribution }: Props) {
  const branches = useQuery(branchQueries.list());
  const queryClient = useQueryClient();
  const toast = useToast();
  // 'new', a branch being edited, or null (no form open).
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = useMutation({
    mutationFn: (branch: Branch) => settingsApi.deleteBranch(branch.id),
    onSuccess: (_, branch) => {
      setDeleteOpen(false);
      if (editing !== 'new' && editing?.id === branch.id) setEditing(null);
      toast(format(t.branchDeletedToast, { name: branch.name }), 'success');
      return queryClient.invalidateQueries({ queryKey: branchKeys.all });
    },
  });

  const openForm = (target: Branch | 'new', opener: HTMLElement) => {
    openerRef.current = opener;
    setEditing(target);
  };
  const closeForm = () => {
    setEditing(null);
    // Back to the button that opened the form, or the heading if that row is gone.
    const opener = openerRef.current;
    requestAnimationFrame(() => (opener?.isConnected ? opener : headingRef.current)?.focus());
  };

  return (
    <section aria-labelledby="branches-heading" className="card stack" data-testid="branches">
      <div className={styles.sectionHeader}>
        <h2 id="branches-heading" ref={headingRef} tabIndex={-1}>
          {t.branchesHeading}
        </h2>
        <button type="button" className="btn btn--primary" onClick={(event) => openForm('new', event.currentTarget)} disabled={editing === 'new'}>
          {t.addBranch}
        </button>
      </div>
      <p className="muted">{t.branchesIntro}</p>

      {editing ? (
        <BranchForm
          key={editing === 'new' ? 'new' : editing.id}
          branch={editing === 'new' ? null : editing}
          t={t}
          common={common}
          tileUrl={tileUrl}
          tileAttribution={tileAttribution}
          onDone={closeForm}
        />
      ) : null}

      {branches.isError ? <QueryError error={branches.error} onRetry={() => branches.refetch()} common={common} /> : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.colBranch}</th>
              <th scope="col">{t.colBid}</th>
              <th scope="col">{t.colPickup}</th>
              <th scope="col">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <PendingOrEmptyRows isPending={branches.isPending} isEmpty={branches.isSuccess && branches.data.length === 0} rows={2} columns={COLUMNS} cellClassName={styles.skeletonText} empty={t.branchesEmpty} />
            {branches.data?.map((branch) => (
              <tr key={branch.id} data-testid="branch-row">
                <td>{branch.name}</td>
                <td className="mono">
                  <bdi>{branch.vendor_bid}</bdi>
                </td>
                <td>
                  {branch.pickup.address_line ? <div>{branch.pickup.address_line}</div> : null}
                  <div className={`muted mono ${styles.small}`}>
                    <bdi>
                      {branch.pickup.lat}, {branch.pickup.lng}
                    </bdi>
                  </div>
                </td>
                <td className={styles.cellEnd}>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={format(t.editBranchNamed, { name: branch.name })}
                      onClick={(event) => openForm(branch, event.currentTarget)}
                    >
                      {t.editBranch}
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={format(t.deleteBranchNamed, { name: branch.name })}
                      onClick={() => {
                        remove.reset();
                        setDeleting(branch);
                        setDeleteOpen(true);
                      }}
                    >
                      {t.deleteBranch}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        isOpen={isDeleteOpen}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        title={format(t.deleteBranchTitle, { name: deleting?.name ?? '' })}
        body={<p>{t.deleteBranchBody}</p>}
        confirmLabel={t.deleteConfirm}
        pendingLabel={t.deleting}
        cancelLabel={common.cancel}
        isPending={remove.isPending}
        error={remove.isError ? errorText(remove.error, common) : null}
        isDestructive
        fallbackFocusRef={headingRef}
      />
    </section>
  );
}
