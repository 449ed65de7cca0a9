import { defineMessages } from '@/lib/i18n/messages';

// The console's live map.
export const adminMapMessages = defineMessages({
  en: {
    title: 'Live map',
    intro: 'Active drivers at their last reported position and the dispatches under way; it updates every few seconds.',
    pageTitle: 'Live map · Console',
    map: 'Map of active drivers and open dispatches',
    legendDriver: 'Driver',
    legendPickup: 'Pickup',
    legendDestination: 'Destination',
    driversHeading: 'Drivers ({count})',
    dispatchesHeading: 'Open dispatches ({count})',
    driversEmpty: 'No active driver has reported a position.',
    dispatchesEmpty: 'No dispatch is under way.',
    seen: 'seen {age}',
    sandbox: 'Simulated',
    pickupOf: 'Pickup of {rId} ({account})',
    destinationOf: 'Destination of {rId} ({account})',
    driverMarker: '{name}, seen {age}',
    updated: 'Updated {time}',
    limitNote: 'Showing the {limit} most recent.',
    listLabel: 'Drivers and dispatches on the map',
  },
  ar: {
    title: 'الخريطة المباشرة',
    intro: 'السائقون النشطون في آخر موقع أرسلوه والطلبات الجارية؛ تتحدّث كل بضع ثوانٍ.',
    pageTitle: 'الخريطة المباشرة · لوحة الإدارة',
    map: 'خريطة السائقين النشطين والطلبات الجارية',
    legendDriver: 'سائق',
    legendPickup: 'الاستلام',
    legendDestination: 'الوجهة',
    driversHeading: 'السائقون ({count})',
    dispatchesHeading: 'الطلبات الجارية ({count})',
    driversEmpty: 'لم يرسل أي سائق نشط موقعه.',
    dispatchesEmpty: 'لا توجد طلبات جارية.',
    seen: 'شوهد {age}',
    sandbox: 'محاكى',
    pickupOf: 'استلام {rId} ({account})',
    destinationOf: 'وجهة {rId} ({account})',
    driverMarker: '{name}، شوهد {age}',
    updated: 'آخر تحديث {time}',
    limitNote: 'يُعرض أحدث {limit}.',
    listLabel: 'السائقون والطلبات على الخريطة',
  },
});

export type AdminMapText = (typeof adminMapMessages)['en'];
