import type { ReactNode } from 'react';
import { SignedInLayout } from '@/components/platform/shell/signed-in-layout';

// Every page of the restaurant dashboard: signed-in staff only.
export default function StaffLayout({ children }: { children: ReactNode }) {
  return <SignedInLayout audience="staff">{children}</SignedInLayout>;
}
