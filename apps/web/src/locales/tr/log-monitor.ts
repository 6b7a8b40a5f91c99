import type { Messages } from "../en";

/** The log monitor, Türkçe. */
const logMonitor: Messages["logMonitor"] = {
  description: "Kaydedilen her işlem: kim yaptı, nereden yaptı ve başarılı oldu mu.",
  tableLabel: "Denetim kayıtları",
  emptyTitle: "Denetim kaydı yok",
  emptyDescription: "Oturum açmalar, onaylar ve diğer tüm değişiklikler gerçekleştikçe burada listelenir.",
  search: "İşlem, kullanıcı, hedef, IP veya tarayıcı ara",
  columns: {
    at: "Zaman",
    actor: "Kullanıcı",
    action: "İşlem",
    target: "Hedef",
    outcome: "Sonuç",
    ip: "IP adresi",
    userAgent: "Tarayıcı",
    details: "Ayrıntılar",
  },
  outcome: {
    success: "Başarılı",
    failure: "Başarısız",
  },
  system: "Sistem",
  filters: {
    actor: "Kullanıcı",
    actorPlaceholder: "Tüm kullanıcılar",
    actorNothingFound: "Eşleşen kullanıcı yok",
    action: "İşlem",
    allActions: "Tüm işlemler",
    outcome: "Sonuç",
    allOutcomes: "Tüm sonuçlar",
    from: "Başlangıç",
    to: "Bitiş",
    clear: "Filtreleri temizle",
  },
  export: {
    button: "CSV olarak dışa aktar",
    busy: "Dışa aktarılıyor…",
    failed: "Dışa aktarma yapılamadı.",
  },
  live: {
    toggle: "Canlı izle",
    on: "Yeni kayıtlar izleniyor",
    reconnecting: "Bağlantı koptu, yeniden bağlanılıyor…",
    newEvents_one: "{{count}} yeni kayıt",
    newEvents_other: "{{count}} yeni kayıt",
    showNew: "Yeni kayıtları göster",
  },
  detailsButton: "Ayrıntılar",
  detailsFor: "{{action}} ayrıntıları",
  drawer: {
    title: "Denetim kaydı",
    id: "Kayıt no",
    targetType: "Hedef türü",
    targetId: "Hedef no",
    noDetails: "Bu kayıtta ayrıntı yok.",
  },
};

export default logMonitor;
