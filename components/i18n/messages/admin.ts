import { defineMessages } from '@/components/i18n/messages';

// The admin console's frame: its navigation. Each console page keeps its own texts in its own file.
export const adminMessages = defineMessages({
  en: {
    navDispatches: 'Dispatches',
    navQaQueue: 'QA queue',
    navLiveMap: 'Live map',
    navDrivers: 'Drivers',
    navFleets: 'Fleets',
    navAccounts: 'Accounts',
  },
  ar: {
    navDispatches: 'الطلبات',
    navQaQueue: 'مراجعة الجودة',
    navLiveMap: 'الخريطة المباشرة',
    navDrivers: 'السائقون',
    navFleets: 'الأساطيل',
    navAccounts: 'الحسابات',
  },
});
