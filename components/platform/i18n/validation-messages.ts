import type { Locale } from '@/components/platform/i18n/locale';

// The shared zod schemas speak English (the API's `error_desc` is for developers). On the
// dashboard their messages are shown in the user's language: each known message, or message
// shape, has its Arabic here. An unknown message stays as it is rather than disappear.

type Translation = [pattern: RegExp, arabic: (...groups: string[]) => string];

const ARABIC: Translation[] = [
  [/^must be an email address$/, () => 'يجب أن يكون عنوان بريد إلكتروني صحيحًا'],
  [/^(must not be empty|is required)$/, () => 'هذا الحقل مطلوب'],
  [/^must not be negative$/, () => 'يجب ألا يكون سالبًا'],
  [/^must be an integer$/, () => 'يجب أن يكون عددًا صحيحًا'],
  [/^must be <= (.+)$/, (limit) => `يجب ألا يزيد عن ${limit}`],
  [/^must be >= (.+)$/, (limit) => `يجب ألا يقل عن ${limit}`],
  [/^must be at least (\d+) characters$/, (count) => `يجب ألا يقل عن ${count} أحرف`],
  [/^must be at most (\d+) characters$/, (count) => `يجب ألا يزيد عن ${count} حرفًا`],
  [/^must not be in the past$/, () => 'يجب ألا يكون في الماضي'],
  [/^must be in the future$/, () => 'يجب أن يكون في المستقبل'],
  [/^must be at most (\d+) days ahead$/, (days) => `يجب ألا يتجاوز ${days} أيام من الآن`],
  [/^must be after pickup_ready_at$/, () => 'يجب أن يكون بعد موعد جاهزية الطعام'],
  [/^must be at least (.+)$/, (limit) => `يجب ألا يقل عن ${limit}`],
  [/^must be at most (.+)$/, (limit) => `يجب ألا يزيد عن ${limit}`],
  [/^must be an http\(s\) URL$/, () => 'يجب أن يكون رابطًا يبدأ بـ http أو https'],
  [/^must be an ISO 4217 code such as SAR$/, () => 'يجب أن يكون رمز عملة من ثلاثة أحرف مثل SAR'],
  [/^is not an ISO 4217 currency code$/, () => 'ليس رمز عملة معروفًا'],
  [/^must be a phone number/, () => 'يجب أن يكون رقم هاتف: أرقام مع + اختيارية في البداية'],
  [/^must not contain NUL characters$/, () => 'يحتوي على محارف غير مسموح بها'],
  [/^must name at least one locale$/, () => 'أدخل النص بلغة واحدة على الأقل'],
  [/^is one of the PINs people choose most often/, () => 'هذا من أكثر الرموز شيوعًا: اختر غيره'],
  [/^repeats or mirrors a few digits/, () => 'يكرر أرقامًا قليلة أو يعكسها (مثل 121212 أو 123321): اختر غيره'],
  [/^is a run of digits/, () => 'أرقام متتالية (مثل 123456 أو 987654): اختر غيره'],
  [/^reads as a date/, () => 'يُقرأ كتاريخ، والتواريخ تُخمَّن أولًا: اختر غيره'],
  [/^is the end of the driver’s phone number/, () => 'هو آخر أرقام هاتف السائق: اختر غيره'],
  [/^Invalid input: expected number/, () => 'أدخل رقمًا'],
  [/^Invalid input/, () => 'قيمة غير صالحة'],
];

/** A validation message of the shared schemas in the user's language. */
export function localizeValidationMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  for (const [pattern, arabic] of ARABIC) {
    const match = pattern.exec(message);
    if (match) return arabic(...match.slice(1));
  }
  return message;
}
