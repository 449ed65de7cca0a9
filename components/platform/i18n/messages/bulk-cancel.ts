import { defineMessages } from '@/components/platform/i18n/messages';

// The console's bulk cancel: the reason picker's dialog for many dispatches at once (the picker's
// own words are cancel-dispatch.ts's).
export const bulkCancelMessages = defineMessages({
  en: {
    bulkCancelTitle: 'Cancel {count} dispatches?',
    bulkCancelBody:
      'Each one that can still be cancelled is cancelled with this reason: its restaurant’s webhook is told at once and any assigned driver is released. Those a driver has picked up, or that are finished, are refused and listed. This cannot be undone.',
    bulkCancelConfirm: 'Cancel {count} dispatches',
    bulkCancelKeep: 'Keep them',
  },
  ar: {
    bulkCancelTitle: 'إلغاء {count} من الطلبات؟',
    bulkCancelBody:
      'يُلغى بهذا السبب كل طلب لا يزال إلغاؤه ممكنًا: يُبلَّغ نظام مطعمه فورًا ويُحرَّر السائق المعيَّن إن وُجد. أما ما استلمه السائق أو ما انتهى فيُرفض ويُذكر في القائمة. لا يمكن التراجع عن ذلك.',
    bulkCancelConfirm: 'إلغاء {count} من الطلبات',
    bulkCancelKeep: 'الإبقاء عليها',
  },
});
