import type { Messages } from "../en";

const webhooks: Messages["webhooks"] = {
  validation: {
    url: "URL geçerli bir https:// adresi olmalıdır",
    urlRequired: "URL alanı zorunludur",
    events: "Olaylar, olay adlarından oluşan bir liste olmalıdır",
    eventsRequired: "En az bir olay seçin",
    status: "Durum beklemede, teslim edildi veya başarısız olmalıdır",
  },
};

export default webhooks;
