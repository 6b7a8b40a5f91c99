import type { Messages } from "../en";

const updates: Messages["updates"] = {
  description: "Bir lisansı .req dosyasıyla bir kurulumda etkinleştirin ve yazılım güncellemelerinizi bulun.",
  req: {
    title: ".req dosyası yükle",
    description: "Ürününüz bir .req dosyası oluşturur: ilk satırı lisans anahtarı, ikincisi kurulumun tanımıdır. Yüklemek lisansı o kurulumda etkinleştirir.",
    choose: "Bir .req dosyası seçin",
    dropHere: "Bir .req dosyasını buraya bırakın veya seçmek için tıklayın",
    rules: "Yalnızca .req dosyaları, en fazla 500KB, en az 2 satır.",
    keyLine: "Lisans anahtarı",
    upload: "Yükle ve etkinleştir",
    another: "Başka dosya seç",
    processing: "Yükleniyor ve etkinleştiriliyor…",
    activated: "Lisans etkinleştirildi",
    activatedDescription: "Lisans bu kurulumda etkin. Bu kuruluma bağlı lisans dosyasını indirip ürününüzün yanına koyun.",
    plan: "Plan",
    expires: "Bitiş",
    activations: "Etkinleştirmeler",
    installation: "Kurulum",
    downloadBound: "Lisans dosyasını indir",
    problems: {
      missing: "Lütfen bir .req dosyası seçin",
      wrongType: "Lütfen yalnızca .req dosyaları seçin",
      tooLarge: "Dosya boyutu 500KB'ı aşamaz",
      tooFewLines: ".req dosyası en az 2 satır içermelidir: önce lisans anahtarı, sonra kurulum verisi",
      oneFile: "Lütfen tek bir .req dosyası seçin",
    },
  },
  history: {
    title: "Güncelleme geçmişi",
    emptyTitle: "Henüz güncelleme yok",
    emptyDescription: "Lisanslarınız için yayımlanan güncellemeler ve indirme geçmişiniz burada görünecek.",
  },
};

export default updates;
