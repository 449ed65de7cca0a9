import type { EstimateBody } from '@/lib/estimates/schemas';

// Query keys of the New dispatch page. An estimate depends only on its input (coordinates rounded
// by the caller, and the wait time), so equal inputs share one cached answer.
export const estimateKeys = {
  all: ['estimates'] as const,
  quote: (input: EstimateBody | null) => [...estimateKeys.all, 'quote', input] as const,
};
