import type { Messages } from "../en";

/** The log monitor, فارسی. */
const logMonitor: Messages["logMonitor"] = {
  description: "هر اقدام ثبت‌شده: چه کسی، از کجا و اینکه موفق بود یا نه.",
  tableLabel: "رویدادهای ممیزی",
  emptyTitle: "رویداد ممیزی وجود ندارد",
  emptyDescription: "ورودها، تأییدها و هر تغییر دیگری هنگام رخ دادن در اینجا فهرست می‌شوند.",
  search: "جستجوی اقدام، کاربر، هدف، IP یا مرورگر",
  columns: {
    at: "زمان",
    actor: "کاربر",
    action: "اقدام",
    target: "هدف",
    outcome: "نتیجه",
    ip: "نشانی IP",
    userAgent: "مرورگر",
    details: "جزئیات",
  },
  outcome: {
    success: "موفق",
    failure: "ناموفق",
  },
  system: "سیستم",
  filters: {
    actor: "کاربر",
    actorPlaceholder: "همه کاربران",
    actorNothingFound: "کاربری پیدا نشد",
    action: "اقدام",
    allActions: "همه اقدام‌ها",
    outcome: "نتیجه",
    allOutcomes: "همه نتیجه‌ها",
    from: "از",
    to: "تا",
    clear: "پاک کردن فیلترها",
  },
  export: {
    button: "خروجی CSV",
    busy: "در حال تهیه خروجی…",
    failed: "تهیه خروجی ممکن نشد.",
  },
  live: {
    toggle: "دنبال کردن زنده",
    on: "در حال دنبال کردن رویدادهای تازه",
    reconnecting: "اتصال قطع شد، در حال اتصال دوباره…",
    newEvents_one: "{{count}} رویداد تازه",
    newEvents_other: "{{count}} رویداد تازه",
    showNew: "نمایش رویدادهای تازه",
  },
  detailsButton: "جزئیات",
  detailsFor: "جزئیات {{action}}",
  drawer: {
    title: "رویداد ممیزی",
    id: "شناسه رویداد",
    targetType: "نوع هدف",
    targetId: "شناسه هدف",
    noDetails: "این رویداد جزئیاتی ندارد.",
  },
};

export default logMonitor;
