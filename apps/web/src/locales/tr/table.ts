import type { Messages } from "../en";

const table: Messages["table"] = {
  pageSize: "Sayfa başına satır",
  range: "{{from}}–{{to}} / {{total}}",
  previousPage: "Önceki sayfa",
  nextPage: "Sonraki sayfa",
  firstPage: "İlk sayfa",
  lastPage: "Son sayfa",
  goToPage: "{{page}}. sayfaya git",
  sortAscending: "Artan sırala",
  sortDescending: "Azalan sırala",
  emptyTitle: "Henüz bir şey yok",
  emptyDescription: "Gösterilecek kayıt yok.",
  noResultsTitle: "Sonuç yok",
  noResultsDescription: "Aramanız veya filtrelerinizle eşleşen bir şey yok. Farklı terimler deneyin ya da filtreleri temizleyin.",
  errorTitle: "Liste yüklenemedi",
  retry: "Tekrar dene",
  validation: {
    pageNumber: "Sayfa bir sayı olmalıdır",
    pageMin: "Sayfalar 1'den başlar",
    pageSizeNumber: "Sayfa boyutu bir sayı olmalıdır",
    pageSizeRange: "Sayfa boyutu 1 ile 100 arasında olmalıdır",
    sortBy: "Şunlardan birine göre sıralayın: {{fields}}",
  },
};

export default table;
