import type { Messages } from "../en";

const table: Messages["table"] = {
  pageSize: "每页行数",
  range: "第 {{from}}–{{to}} 条，共 {{total}} 条",
  previousPage: "上一页",
  nextPage: "下一页",
  firstPage: "第一页",
  lastPage: "最后一页",
  goToPage: "转到第 {{page}} 页",
  sortAscending: "升序排列",
  sortDescending: "降序排列",
  emptyTitle: "暂无内容",
  emptyDescription: "没有可显示的记录。",
  noResultsTitle: "无结果",
  noResultsDescription: "没有与搜索或筛选条件匹配的内容。请尝试其他关键词或清除筛选条件。",
  errorTitle: "无法加载列表",
  retry: "重试",
  validation: {
    pageNumber: "页码必须是数字",
    pageMin: "页码从 1 开始",
    pageSizeNumber: "每页条数必须是数字",
    pageSizeRange: "每页条数必须在 1 到 100 之间",
    sortBy: "请按以下之一排序：{{fields}}",
  },
};

export default table;
