import type { DispatchRecord } from '@/lib/dispatch/shared/schemas';

/** The customer's name as lists and exports show it: first and last, else the username, else ''. */
export function customerName(customer: DispatchRecord['user_metadata']): string {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.username || '';
}
