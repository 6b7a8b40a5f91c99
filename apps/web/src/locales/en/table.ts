/** The shared server-side table (components/data-table.tsx). */
const table = {
  pageSize: "Rows per page",
  range: "{{from}}–{{to}} of {{total}}",
  previousPage: "Previous page",
  nextPage: "Next page",
  firstPage: "First page",
  lastPage: "Last page",
  goToPage: "Go to page {{page}}",
  sortAscending: "Sort ascending",
  sortDescending: "Sort descending",
  emptyTitle: "Nothing here yet",
  emptyDescription: "There are no entries to show.",
  noResultsTitle: "No results",
  noResultsDescription: "Nothing matches your search or filters. Try different terms or clear the filters.",
  errorTitle: "The list could not be loaded",
  retry: "Try again",
  validation: {
    pageNumber: "Page must be a number",
    pageMin: "Page starts at 1",
    pageSizeNumber: "Page size must be a number",
    pageSizeRange: "Page size must be between 1 and 100",
    sortBy: "Sort by one of: {{fields}}",
  },
};

export default table;
