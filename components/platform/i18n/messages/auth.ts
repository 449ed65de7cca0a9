import { defineMessages } from '@/components/platform/i18n/messages';

export const authMessages = defineMessages({
  en: {
    title: 'Sign in',
    intro: 'Sign in to manage your restaurant’s deliveries.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    wrongRole: 'This sign-in has no restaurant dashboard.',
    earlierSignOutWaiting: 'The previous sign-out on this browser has not finished: there is no connection. Try again when it is back.',
  },
  ar: {
    title: 'تسجيل الدخول',
    intro: 'سجّل الدخول لإدارة توصيلات مطعمك.',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    submitting: 'جارٍ تسجيل الدخول…',
    wrongRole: 'لا توجد لوحة مطعم لهذا الحساب.',
    earlierSignOutWaiting: 'لم يكتمل تسجيل الخروج السابق على هذا المتصفح لعدم وجود اتصال. حاول مجددًا عند عودة الاتصال.',
  },
});

export type AuthText = (typeof authMessages)['en'];
