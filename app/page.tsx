import Link from 'next/link';
import { redirect } from 'next/navigation';
import { currentUser } from '@/lib/platform/server/auth/current-user';
import { homePathOf } from '@/lib/platform/shared/auth/schemas';
import { LIFECYCLE_STATUSES } from '@/lib/dispatch/shared/transitions/statuses';

const ENDPOINTS = [
  ['POST', '/ext/dispatch', 'Create a dispatch'],
  ['GET', '/ext/dispatch/{id}', 'Read one dispatch'],
  ['GET', '/ext/dispatches', 'List dispatches (filters, paging)'],
  ['GET', '/ext/dispatches/d/{driver_id}', "List a driver's dispatches"],
  ['PATCH', '/ext/dispatch/{id}/destination', 'Change the destination'],
  ['POST', '/ext/estimate', 'Estimate times and price'],
  ['POST', '/ext/webhook', 'Register a webhook URL'],
] as const;

export default async function HomePage() {
  // Signed-in users land on their dashboard or console; everyone else sees the API overview.
  const user = await currentUser();
  if (user) redirect(homePathOf(user.role));
  return (
    <main style={{ maxWidth: 760, margin: '0 auto', padding: '48px 24px' }}>
      <h1 style={{ marginBottom: 4 }}>Dispatch</h1>
      <p style={{ color: 'var(--muted)', marginTop: 0 }}>Last-mile delivery dispatch for restaurants.</p>
      <p>
        Restaurant staff: <Link href="/login">sign in to the dashboard</Link>. Developers: read the{' '}
        <Link href="/docs">API documentation</Link> or fetch the <a href="/ext/openapi.json">OpenAPI document</a>.
      </p>
      <h2>Vendor API</h2>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <tbody>
          {ENDPOINTS.map(([method, path, purpose]) => (
            <tr key={`${method} ${path}`} style={{ borderBottom: '1px solid var(--border)' }}>
              <td style={{ padding: '6px 8px', fontFamily: 'ui-monospace, monospace', fontWeight: 600 }}>{method}</td>
              <td style={{ padding: '6px 8px', fontFamily: 'ui-monospace, monospace' }}>{path}</td>
              <td style={{ padding: '6px 8px' }}>{purpose}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Lifecycle</h2>
      <p>
        {LIFECYCLE_STATUSES.join(' · ')} — the enforced transitions are served at{' '}
        <Link href="/ext/statuses" prefetch={false}>
          /ext/statuses
        </Link>
        .
      </p>
    </main>
  );
}
