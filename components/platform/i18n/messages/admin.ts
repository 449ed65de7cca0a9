import { defineMessages } from '@/components/platform/i18n/messages';

// The admin console's frame: its navigation. Each console page keeps its own texts in its own file.
export const adminMessages = defineMessages({
  en: {
    navDispatches: 'Dispatches',
    navQaQueue: 'QA queue',
    navLiveMap: 'Live map',
    navDrivers: 'Drivers',
    navFleets: 'Fleets',
    navAccounts: 'Accounts',
    signInAlertElevated:
      'Possible PIN guessing: {failures} wrong driver PINs from unknown devices in the last {minutes} minutes, on {phones} phones from {addresses} addresses (the budget is {budget}).',
    signInAlertPaused:
      'Driver PIN guessing stopped: {failures} wrong PINs from unknown devices in the last {minutes} minutes, on {phones} phones from {addresses} addresses, spent the budget of {budget}. PIN sign-ins from devices that never signed in are paused until it drains; drivers on their usual phone, and sign-in links, still work.',
  },
  ar: {
    navDispatches: 'الطلبات',
    navQaQueue: 'مراجعة الجودة',
    navLiveMap: 'الخريطة المباشرة',
    navDrivers: 'السائقون',
    navFleets: 'الأساطيل',
    navAccounts: 'الحسابات',
    signInAlertElevated:
      'محاولات تخمين محتملة: {failures} رمزًا خاطئًا للسائقين من أجهزة غير معروفة خلال آخر {minutes} دقيقة، على {phones} هاتفًا من {addresses} عنوانًا (الحد {budget}).',
    signInAlertPaused:
      'أُوقف تخمين رموز السائقين: {failures} رمزًا خاطئًا من أجهزة غير معروفة خلال آخر {minutes} دقيقة، على {phones} هاتفًا من {addresses} عنوانًا، استنفدت الحد البالغ {budget}. تسجيل الدخول بالرمز من أجهزة لم تسجّل الدخول من قبل متوقف حتى ينخفض العدد؛ ويبقى السائقون على هواتفهم المعتادة وروابط تسجيل الدخول قادرين على الدخول.',
  },
});
