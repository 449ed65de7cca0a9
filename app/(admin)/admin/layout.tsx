import type { ReactNode } from 'react';
import { SignedInLayout } from '@/components/shell/signed-in-layout';

// Every page of the admin console: signed-in platform admins only.
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <SignedInLayout audience="admin">{children}</SignedInLayout>;
}
