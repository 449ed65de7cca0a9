'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Branch } from '@/lib/accounts/shared/branches/schemas';
import { format } from '@/components/platform/i18n/messages';
import type { CommonText } from '@/components/platform/i18n/messages/common';
import type { SettingsText } from '@/components/platform/i18n/messages/settings';
import { Panel } from '@/components/platform/ui/panel';
import { QueryTable } from '@/components/platform/ui/query-table';
import { useConfirmedAction } from '@/components/platform/ui/use-confirmed-action';
import { useToast } from '@/components/platform/ui/toast';
import styles from '@/components/platform/ui/ui.module.css';
import { BranchForm } from './branch-form';
import { branchKeys, branchQueries, settingsApi } from './queries';

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
  const openerRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = useConfirmedAction({
    action: (branch: Branch) => settingsApi.deleteBranch(branch.id),
    onSuccess: (_, branch) => {
      if (editing !== 'new' && editing?.id === branch.id) setEditing(null);
      toast(format(t.branchDeletedToast, { name: branch.name }), 'success');
      return queryClient.invalidateQueries({ queryKey: branchKeys.all });
    },
    text: (branch) => ({
      title: format(t.deleteBranchTitle, { name: branch?.name ?? '' }),
      body: <p>{t.deleteBranchBody}</p>,
      confirmLabel: t.deleteConfirm,
      pendingLabel: t.deleting,
    }),
    common,
    fallbackFocusRef: headingRef,
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
    <Panel
      headingId="branches-heading"
      title={t.branchesHeading}
      intro={t.branchesIntro}
      headingRef={headingRef}
      headerEnd={
        <button type="button" className="btn btn--primary" onClick={(event) => openForm('new', event.currentTarget)} disabled={editing === 'new'}>
          {t.addBranch}
        </button>
      }
      testId="branches"
    >
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

      <div className="stack phone-rows">
        <QueryTable query={branches} rowCount={branches.data?.length} columns={[t.colBranch, t.colBid, t.colPickup]} actionsLabel={t.colActions} empty={t.branchesEmpty} common={common}>
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
                    onClick={() => remove.ask(branch)}
                  >
                    {t.deleteBranch}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </QueryTable>
      </div>

      {remove.dialog}
    </Panel>
  );
}
