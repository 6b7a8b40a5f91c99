import type { Messages } from "../en";

/** MFA doğrulayıcı. */
const mfa: Messages["mfa"] = {
  description: "Sistem doğrulayıcısı: geçerli kodu, herhangi bir kodun doğrulanması ve QR kurulumu.",
  code: {
    title: "Geçerli kod",
    label: "Geçerli MFA kodu",
    remaining: "{{seconds}} sn kaldı",
    secondsShort: "sn",
    remainingLabel: "Kod değişmeden önce kalan süre",
    refresh: "Yenile",
    refreshing: "Yenileniyor…",
    copy: "Kodu kopyala",
    copied: "Kopyalandı",
    copyFailed: "kod kopyalanamadı",
    loadFailed: "Geçerli MFA kodu alınamadı",
    retry: "Tekrar dene",
    audited: "Kodun her görüntülenmesi denetim kaydına yazılır.",
  },
  verify: {
    title: "Kod doğrula",
    description: "Bir doğrulama uygulamasındaki kodu sistem doğrulayıcısına karşı kontrol edin.",
    code: "Kod",
    placeholder: "123 456",
    submit: "Doğrula",
    required: "kod gerekli",
    valid: "Kod geçerli.",
    invalid: "Bu kod geçerli değil. Cihazın saatini kontrol edip en yeni kodu deneyin.",
    failed: "MFA kodu doğrulanamadı",
  },
  settings: {
    title: "MFA ayarları",
    description: "Aynı kodları bir telefonda görmek için QR kodunu bir doğrulama uygulamasıyla (Google Authenticator, Microsoft Authenticator, 1Password…) tarayın.",
    configuredSince: "Kurulu; gizli anahtar istediğiniz zaman değiştirilebilir.",
    configuredOn: "{{date}} tarihinde kuruldu; gizli anahtar istediğiniz zaman değiştirilebilir.",
    generate: "QR kodu oluştur",
    regenerate: "Gizli anahtarı değiştir",
    failed: "Kurulum verileri oluşturulamadı",
    qrAlt: "Doğrulama uygulaması için sistem doğrulayıcısının QR kodu",
    scanNow: "Bu kodu şimdi tarayın: yalnızca bir kez gösterilir. Sayfadan ayrılınca bir daha görünmez.",
    urlLabel: "otpauth URL'si",
    showUrl: "otpauth URL'sini göster",
    hideUrl: "otpauth URL'sini gizle",
    urlHidden: "URL gizli anahtarı içerir; siz gösterene kadar gizli kalır.",
    copyUrl: "URL'yi kopyala",
    generated: "Yeni QR kodu oluşturuldu",
    confirmTitle: "Doğrulayıcının gizli anahtarı değiştirilsin mi?",
    confirmText: "Hemen yeni bir gizli anahtar oluşturulur: eski kodlar çalışmaz olur ve eski QR koduyla kurulan her uygulamanın yenisini taraması gerekir.",
    confirm: "Gizli anahtarı değiştir",
    cancel: "Vazgeç",
  },
  status: {
    failed: "Doğrulayıcının kurulu olup olmadığı okunamadı",
  },
  notConfigured: {
    title: "Doğrulayıcı henüz kurulmadı",
    description: "Gizli anahtarını ve QR kodunu oluşturun: geçerli kod ve kod doğrulama, anahtar oluştuğunda görünür.",
  },
};

export default mfa;
