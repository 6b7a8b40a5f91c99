import type { Messages } from "../en";

/** صفحهٔ تنظیمات. */
const settings: Messages["settings"] = {
  subtitle: "ظاهر و نمایش پورتال برای شما، در هر دستگاهی که با آن وارد می‌شوید.",
  savedAutomatically: "تغییرات به‌طور خودکار ذخیره می‌شوند",
  saving: "در حال ذخیره…",
  loadFailed: "تنظیمات شما بارگیری نشد",
  appearance: {
    title: "ظاهر",
    description: "پوستهٔ رنگی، ردیف‌های جدول‌ها و نوار کناری.",
  },
  theme: {
    label: "پوسته",
    light: "روشن",
    dark: "تیره",
    auto: "سیستم",
    autoHint: "از تنظیم دستگاه شما پیروی می‌کند (اکنون: {{scheme}}).",
  },
  density: {
    label: "تراکم جدول",
    hint: "با ردیف‌های فشرده، بخش بیشتری از فهرست در صفحه جا می‌شود.",
    comfortable: "راحت",
    compact: "فشرده",
  },
  sidebar: {
    label: "شروع با نوار کناری جمع‌شده",
    hint: "در صفحهٔ بزرگ، نوار کناری به ستونی از نمادها کوچک می‌شود. در صفحه‌های کوچک‌تر تا وقتی آن را باز نکنید پنهان می‌ماند.",
  },
  region: {
    title: "زبان و منطقه",
    description: "زبان پورتال و منطقهٔ زمانی‌ای که تاریخ‌ها و زمان‌ها در آن نمایش داده می‌شوند.",
  },
  language: {
    label: "زبان",
  },
  timeZone: {
    label: "منطقهٔ زمانی",
    hint: "همهٔ تاریخ‌ها و زمان‌های پورتال در این منطقه نمایش داده می‌شوند.",
    device: "منطقهٔ زمانی این دستگاه: {{zone}}",
    nothingFound: "هیچ منطقهٔ زمانی‌ای پیدا نشد",
    now: "اکنون: {{time}}",
  },
  validation: {
    theme: "پوسته باید light، dark یا auto باشد",
    language: "زبان باید یکی از این موارد باشد: {{languages}}",
    density: "تراکم جدول باید comfortable یا compact باشد",
    timeZone: "منطقهٔ زمانی باید نام یک منطقهٔ IANA مانند Europe/Istanbul باشد",
    unknownTimeZone: "منطقهٔ زمانی ناشناخته: نام یک منطقهٔ IANA مانند Europe/Istanbul را به کار ببرید",
  },
};

export default settings;
