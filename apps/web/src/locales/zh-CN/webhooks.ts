import type { Messages } from "../en";

const webhooks: Messages["webhooks"] = {
  validation: {
    url: "URL 必须是有效的 https:// 地址",
    urlRequired: "URL 为必填项",
    events: "事件必须是事件名称的列表",
    eventsRequired: "请至少选择一个事件",
    status: "状态必须是待发送、已送达或失败",
  },
};

export default webhooks;
