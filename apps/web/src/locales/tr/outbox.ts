import type { Messages } from "../en";

const outbox: Messages["outbox"] = {
  description: "SMTP_URL ayarlanmadığı için sunucu her e-postayı göndermek yerine veri klasörüne yazar. Bağlantıyı ilgili kişiye iletin ya da Kullanıcılar ekranında e-postasını doğrulandı olarak işaretleyin. İletiler iki hafta saklanır.",
  tableLabel: "Giden kutusu iletileri",
  search: "Alıcıya veya konuya göre ara",
  columns: {
    message: "İleti",
    createdAt: "Yazıldığı zaman",
  },
  show: "İletiyi göster: {{subject}}",
  hide: "İletiyi gizle: {{subject}}",
  messageText: "İleti metni",
  noText: "Bu iletinin metni yok.",
};

export default outbox;
