import type { Messages } from "../en";

/** Orders, offers and invoices (features/orders). */
const orders: Messages["orders"] = {
  validation: {
    discount: "تخفیف باید درصدی از ۰ تا ۱۰۰ با حداکثر دو رقم اعشار باشد",
    validUntilRequired: "فیلد «معتبر تا» الزامی است",
    validUntil: "«معتبر تا» باید یک تاریخ باشد",
    validUntilPast: "«معتبر تا» باید در آینده باشد",
    referenceRequired: "فیلد شناسهٔ پرداخت الزامی است",
    referenceTooLong: "شناسهٔ پرداخت حداکثر می‌تواند ۲۰۰ نویسه باشد",
    messageTooLong: "پیام حداکثر می‌تواند ۲۰۰۰ نویسه باشد",
  },
};

export default orders;
