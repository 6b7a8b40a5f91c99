import type { Messages } from "../en";

const webhooks: Messages["webhooks"] = {
  validation: {
    url: "نشانی باید یک نشانی https:// معتبر باشد",
    urlRequired: "فیلد نشانی الزامی است",
    events: "رویدادها باید فهرستی از نام رویدادها باشند",
    eventsRequired: "دست‌کم یک رویداد برگزینید",
    status: "وضعیت باید در انتظار، تحویل‌شده یا ناموفق باشد",
  },
};

export default webhooks;
