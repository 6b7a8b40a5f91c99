import type { Messages } from "../en";

/** احرازگر MFA. */
const mfa: Messages["mfa"] = {
  description: "احرازگر سیستم: کد فعلی آن، بررسی هر کد و راه‌اندازی با کد QR.",
  code: {
    title: "کد فعلی",
    label: "کد MFA فعلی",
    remaining: "{{seconds}} ثانیه مانده",
    secondsShort: "ثانیه",
    remainingLabel: "زمان باقی‌مانده تا تغییر کد",
    refresh: "تازه‌سازی",
    refreshing: "در حال تازه‌سازی…",
    copy: "کپی کد",
    copied: "کپی شد",
    copyFailed: "کپی کد ناموفق بود",
    loadFailed: "دریافت کد MFA فعلی ناموفق بود",
    retry: "تلاش دوباره",
    audited: "هر بار مشاهدهٔ کد در گزارش ممیزی ثبت می‌شود.",
  },
  verify: {
    title: "بررسی کد",
    description: "کدی از یک برنامهٔ احراز هویت را با احرازگر سیستم بررسی کنید.",
    code: "کد",
    placeholder: "123 456",
    submit: "بررسی",
    required: "وارد کردن کد الزامی است",
    valid: "کد معتبر است.",
    invalid: "این کد معتبر نیست. ساعت دستگاه را بررسی کنید و تازه‌ترین کد را امتحان کنید.",
    failed: "بررسی کد MFA ناموفق بود",
  },
  settings: {
    title: "تنظیمات MFA",
    description: "کد QR را با یک برنامهٔ احراز هویت (Google Authenticator، Microsoft Authenticator، 1Password و…) اسکن کنید تا همین کدها روی تلفن نمایش داده شوند.",
    configuredSince: "راه‌اندازی شده است؛ کلید مخفی را هر زمان می‌توان عوض کرد.",
    generate: "ساخت کد QR",
    regenerate: "تعویض کلید مخفی",
    failed: "ساخت داده‌های راه‌اندازی ناموفق بود",
    qrAlt: "کد QR احرازگر سیستم برای برنامهٔ احراز هویت",
    scanNow: "این کد را همین حالا اسکن کنید: فقط یک بار نمایش داده می‌شود و با ترک صفحه دیگر دیده نمی‌شود.",
    urlLabel: "نشانی otpauth",
    showUrl: "نمایش نشانی otpauth",
    hideUrl: "پنهان کردن نشانی otpauth",
    urlHidden: "این نشانی کلید مخفی را در خود دارد؛ تا وقتی نمایشش ندهید پنهان می‌ماند.",
    copyUrl: "کپی نشانی",
    generated: "کد QR تازه ساخته شد",
    confirmTitle: "کلید مخفی احرازگر عوض شود؟",
    confirmText: "بلافاصله کلید مخفی تازه‌ای ساخته می‌شود: کدهای قبلی دیگر کار نمی‌کنند و هر برنامه‌ای که با کد QR قبلی راه‌اندازی شده باید کد تازه را اسکن کند.",
    confirm: "تعویض کلید مخفی",
    cancel: "انصراف",
  },
  notConfigured: {
    title: "احرازگر هنوز راه‌اندازی نشده است",
    description: "کلید مخفی و کد QR آن را بسازید: کد فعلی و بررسی کد پس از ساخته شدن آن نمایش داده می‌شوند.",
  },
};

export default mfa;
