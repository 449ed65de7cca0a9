import type { Prisma } from '@/prisma/generated/client';

/** Asks the engine's leader for a round now (at commit): a trip closed, a driver came on duty. */
export async function wakeDispatchEngine(tx: Prisma.TransactionClient | { $executeRaw: Prisma.TransactionClient['$executeRaw'] }, reason: string): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM wake_dispatch_engine(${reason})`;
}
