import type { Messages } from "../en";

/** Ayarlar sayfası. */
const settings: Messages["settings"] = {
  subtitle: "Portalın size nasıl görüneceği; giriş yaptığınız her cihazda aynı.",
  savedAutomatically: "Değişiklikler otomatik olarak kaydedilir",
  saving: "Kaydediliyor…",
  loadFailed: "Ayarlarınız yüklenemedi",
  appearance: {
    title: "Görünüm",
    description: "Renk teması, tablo satırları ve kenar çubuğu.",
  },
  theme: {
    label: "Tema",
    light: "Açık",
    dark: "Koyu",
    auto: "Sistem",
    autoHint: "Cihazınızın ayarını izler (şu an: {{scheme}}).",
  },
  density: {
    label: "Tablo yoğunluğu",
    hint: "Sıkışık satırlarla bir listenin daha fazlası ekrana sığar.",
    comfortable: "Rahat",
    compact: "Sıkışık",
  },
  sidebar: {
    label: "Kenar çubuğu daraltılmış başlasın",
    hint: "Geniş ekranda kenar çubuğu simge şeridine küçülür. Daha küçük ekranlarda siz açana kadar her zaman gizli kalır.",
  },
  region: {
    title: "Dil ve bölge",
    description: "Portalın dili ve tarih ile saatlerin gösterildiği saat dilimi.",
  },
  language: {
    label: "Dil",
  },
  timeZone: {
    label: "Saat dilimi",
    hint: "Portaldaki her tarih ve saat bu dilimde gösterilir.",
    device: "Bu cihazın saat dilimi: {{zone}}",
    nothingFound: "Eşleşen saat dilimi yok",
    now: "Şu an: {{time}}",
  },
  validation: {
    theme: "Tema light, dark ya da auto olmalıdır",
    language: "Dil şunlardan biri olmalıdır: {{languages}}",
    density: "Tablo yoğunluğu comfortable ya da compact olmalıdır",
    timeZone: "Saat dilimi Europe/Istanbul gibi bir IANA bölge adı olmalıdır",
    unknownTimeZone: "Bilinmeyen saat dilimi: Europe/Istanbul gibi bir IANA bölge adı kullanın",
  },
};

export default settings;
