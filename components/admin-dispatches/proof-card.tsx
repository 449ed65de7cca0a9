'use client';

import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@/components/i18n/locale';
import type { AdminDispatchText } from '@/components/i18n/messages/admin-dispatches';
import { QueryError, type QueryErrorText } from '@/components/ui/query-error';
import { Panel } from '@/components/ui/panel';
import { hasProof, ProofThumbnails } from './proof-thumbnails';
import { proofQuery } from './queries';

/** The dispatch page's proof of delivery (admins): what the driver captured in the driver app. */
export function ProofCard({ id, t, common, locale }: { id: string; t: AdminDispatchText; common: QueryErrorText; locale: Locale }) {
  const proof = useQuery(proofQuery(id));
  return (
    <Panel headingId="proof-title" title={t.proofTitle} intro={t.proofIntro} testId="proof-card">
      {proof.isError ? <QueryError error={proof.error} onRetry={() => void proof.refetch()} common={common} /> : null}
      {proof.data && hasProof(proof.data) ? (
        <ProofThumbnails proof={proof.data} t={t} locale={locale} />
      ) : (
        <p className="muted">{proof.isPending ? '…' : t.proofNone}</p>
      )}
    </Panel>
  );
}
