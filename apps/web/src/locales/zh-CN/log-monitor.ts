import type { Messages } from "../en";

/** The log monitor, 简体中文. */
const logMonitor: Messages["logMonitor"] = {
  description: "每一项已记录的操作：谁执行的、来自何处、是否成功。",
  tableLabel: "审计事件",
  emptyTitle: "暂无审计事件",
  emptyDescription: "登录、审批及其他所有更改发生时都会列在这里。",
  search: "搜索操作、执行者、对象、IP 或浏览器",
  columns: {
    at: "时间",
    actor: "执行者",
    action: "操作",
    target: "对象",
    outcome: "结果",
    ip: "IP 地址",
    userAgent: "浏览器",
    details: "详情",
  },
  outcome: {
    success: "成功",
    failure: "失败",
  },
  system: "系统",
  filters: {
    actor: "执行者",
    actorPlaceholder: "全部执行者",
    actorNothingFound: "没有匹配的用户",
    action: "操作",
    allActions: "全部操作",
    outcome: "结果",
    allOutcomes: "全部结果",
    from: "开始日期",
    to: "结束日期",
    clear: "清除筛选",
  },
  export: {
    button: "导出 CSV",
    busy: "正在导出…",
    failed: "无法完成导出。",
  },
  live: {
    toggle: "实时跟踪",
    on: "正在跟踪新事件",
    reconnecting: "连接中断，正在重新连接…",
    newEvents_one: "{{count}} 条新事件",
    newEvents_other: "{{count}} 条新事件",
    showNew: "显示新事件",
  },
  detailsButton: "详情",
  detailsFor: "{{action}} 的详情",
  drawer: {
    title: "审计事件",
    id: "事件编号",
    targetType: "对象类型",
    targetId: "对象编号",
    noDetails: "此事件没有详情。",
  },
};

export default logMonitor;
