import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "Her kapsam listelenen kapsamlardan biri olmalıdır",
    scopesRequired: "En az bir kapsam seçin",
    expiresAtPast: "Son kullanma tarihi gelecekte olmalıdır",
  },
  page: {
    title: "API belirteçleri",
    description: "Kendi sistemlerinizin (faturalama, CRM, derleme hatları) portalın API'sini sizin adınıza, yalnızca seçtiğiniz kapsamlarla çağırması için anahtarlar.",
  },
  card: {
    description: "Kendi sistemleriniz portalın API'sini sizin adınıza, yalnızca seçtiğiniz kapsamlarla çağırabilsin.",
    open: "API belirteçlerini yönet",
  },
  list: {
    tableLabel: "API belirteçleri",
    columns: {
      name: "Ad ve önek",
      scopes: "Kapsamlar",
      created: "Oluşturulma",
      expires: "Son geçerlilik",
      lastUsed: "Son kullanım",
      status: "Durum",
      actions: "İşlemler",
    },
    prefixLabel: "{{prefix}} ile başlayan belirteç",
    noExpiry: "Süresiz",
    neverUsed: "Henüz kullanılmadı",
    fromIp: "adres:",
    loadFailed: "API belirteçleri yüklenemedi.",
    emptyTitle: "API belirteci yok",
    emptyDescription: "Bir betiğin ya da başka bir sistemin portalın API'sini sizin için çağırması için bir belirteç oluşturun.",
  },
  status: {
    active: "Etkin",
    expired: "Süresi doldu",
    revoked: "İptal edildi",
  },
  scopes: {
    read: "Portalda görebildiğiniz her şeyi okuma.",
    licensesWrite: "Lisans isteme; lisanslar ve kurulumlar üzerinde işlem yapma.",
    ticketsWrite: "Destek taleplerini açma, yanıtlama ve kapatma.",
    usersWrite: "Kullanıcı hesaplarını onaylama, kilitleme ve değiştirme.",
    catalogueWrite: "Kataloğu değiştirme: planlar, özellikler ve hizmetler.",
    updatesWrite: "Yazılım güncellemelerini yayımlama ve değiştirme.",
    webhooksWrite: "Webhook uç noktalarını ve gönderimlerini yönetme.",
    auditRead: "Denetim kaydını okuma ve dışa aktarma.",
  },
  create: {
    open: "Belirteç oluştur",
    title: "API belirteci oluştur",
    name: "Ad",
    nameHint: "Belirteçleri ayırt edebilmeniz için onu neyin kullandığı (örneğin \"Fatura eşitleme\").",
    scopes: "Kapsamlar",
    scopesHint: "Belirtece yalnızca sisteminin gerçekten ihtiyaç duyduğunu verin.",
    adminOnly: "Yöneticiler",
    expiresAt: "Son geçerlilik günü",
    expiresAtHint: "Belirteç bu günün sonunda çalışmayı bırakır. Süresiz bir belirteç için boş bırakın.",
    submit: "Belirteç oluştur",
    done: "\"{{name}}\" API belirteci oluşturuldu",
  },
  secret: {
    title: "Yeni API belirtecinizi kopyalayın",
    warningTitle: "Bu belirteci yalnızca şimdi görebilirsiniz",
    warning: "Şimdi kopyalayın ve güvenli bir yerde saklayın. Belirteç saklanmaz ve bir daha gösterilemez; kaybederseniz iptal edip yenisini oluşturun.",
    label: "\"{{name}}\" belirteci",
    usage: "Her istekte şu biçimde gönderin:",
    done: "Kopyaladım",
  },
  revoke: {
    action: "İptal et",
    actionFor: "{{name}} belirtecini iptal et",
    title: "API belirtecini iptal et",
    text: "\"{{name}}\" ({{prefix}}) iptal edilsin mi? Onu kullanan tüm sistemler hemen reddedilir. Bu geri alınamaz.",
    done: "\"{{name}}\" API belirteci iptal edildi",
  },
  admin: {
    open: "API belirteçleri",
    title: "{{name}} kullanıcısının API belirteçleri",
    description: "Bu kullanıcının API belirteçleri. Onları iptal edebilirsiniz; yalnızca kullanıcının kendisi belirteç oluşturabilir.",
    emptyDescription: "Bu kullanıcı henüz API belirteci oluşturmadı.",
  },
};

export default apiTokens;
