import type { Messages } from "../en";

/** Orders, offers and invoices (features/orders). */
const orders: Messages["orders"] = {
  validation: {
    discount: "İndirim 0 ile 100 arasında, en fazla iki ondalıklı bir yüzde olmalıdır",
    validUntilRequired: "Geçerlilik tarihi alanı zorunludur",
    validUntil: "Geçerlilik tarihi bir tarih olmalıdır",
    validUntilPast: "Geçerlilik tarihi gelecekte olmalıdır",
    referenceRequired: "Ödeme referansı alanı zorunludur",
    referenceTooLong: "Ödeme referansı en fazla 200 karakter olabilir",
    messageTooLong: "Mesaj en fazla 2000 karakter olabilir",
  },
};

export default orders;
