import type { Messages } from "../en";

const table: Messages["table"] = {
  pageSize: "ردیف در هر صفحه",
  range: "{{from}}–{{to}} از {{total}}",
  previousPage: "صفحهٔ قبل",
  nextPage: "صفحهٔ بعد",
  firstPage: "صفحهٔ اول",
  lastPage: "صفحهٔ آخر",
  goToPage: "رفتن به صفحهٔ {{page}}",
  sortAscending: "مرتب‌سازی صعودی",
  sortDescending: "مرتب‌سازی نزولی",
  emptyTitle: "هنوز چیزی نیست",
  emptyDescription: "موردی برای نمایش وجود ندارد.",
  noResultsTitle: "نتیجه‌ای یافت نشد",
  noResultsDescription: "هیچ موردی با جستجو یا فیلترهای شما مطابقت ندارد. عبارت دیگری را امتحان کنید یا فیلترها را پاک کنید.",
  errorTitle: "فهرست بارگیری نشد",
  retry: "تلاش دوباره",
  validation: {
    pageNumber: "شمارهٔ صفحه باید عدد باشد",
    pageMin: "صفحه‌ها از ۱ شروع می‌شوند",
    pageSizeNumber: "اندازهٔ صفحه باید عدد باشد",
    pageSizeRange: "اندازهٔ صفحه باید بین ۱ و ۱۰۰ باشد",
    sortBy: "بر اساس یکی از این موارد مرتب کنید: {{fields}}",
  },
};

export default table;
