import type { CommonText } from '@/components/platform/i18n/messages/common';

// What the server pages of the dispatch list (staff and console) and the QA queue hand their client parts.

/** The common texts a dispatch list uses: its errors and its pager. */
export type ListCommonText = Pick<
  CommonText,
  'retry' | 'errorGeneric' | 'errorOffline' | 'errorSignedOut' | 'previousPage' | 'nextPage' | 'attention_no_driver' | 'attention_pickup_late' | 'attention_deadline_passed'
>;

/** Only those texts, so the page's payload carries no others. */
export function listCommonText(common: CommonText): ListCommonText {
  return {
    retry: common.retry,
    errorGeneric: common.errorGeneric,
    errorOffline: common.errorOffline,
    errorSignedOut: common.errorSignedOut,
    previousPage: common.previousPage,
    nextPage: common.nextPage,
    attention_no_driver: common.attention_no_driver,
    attention_pickup_late: common.attention_pickup_late,
    attention_deadline_passed: common.attention_deadline_passed,
  };
}

/** A page's `searchParams` read one value a name (the first of a repeated one), as list-params' readers take them. */
export function searchParamReader(query: Record<string, string | string[] | undefined>): (name: string) => string | undefined {
  return (name) => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
}
