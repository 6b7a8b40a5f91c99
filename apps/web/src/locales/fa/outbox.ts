import type { Messages } from "../en";

const outbox: Messages["outbox"] = {
  description: "SMTP_URL تنظیم نشده است، بنابراین سرور هر ایمیل را به‌جای ارسال در پوشهٔ داده‌هایش می‌نویسد. پیوند را به فرد مربوط برسانید یا در بخش کاربران ایمیل او را تأییدشده علامت بزنید. پیام‌ها دو هفته نگه داشته می‌شوند.",
  tableLabel: "پیام‌های صندوق خروجی",
  search: "جستجو بر اساس گیرنده یا موضوع",
  columns: {
    message: "پیام",
    createdAt: "زمان نوشتن",
  },
  show: "نمایش پیام: {{subject}}",
  hide: "پنهان کردن پیام: {{subject}}",
  messageText: "متن پیام",
  noText: "این پیام متنی ندارد.",
};

export default outbox;
