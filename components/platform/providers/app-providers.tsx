'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/platform/ui/toast';
import { getQueryClient } from '@/components/platform/providers/get-query-client';

export function AppProviders({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ToastProvider closeLabel={closeLabel}>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
