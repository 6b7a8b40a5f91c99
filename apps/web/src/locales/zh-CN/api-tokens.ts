import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "每个权限范围都必须是列出的范围之一",
    scopesRequired: "请至少选择一个权限范围",
    expiresAtPast: "过期时间必须晚于现在",
  },
  page: {
    title: "API 令牌",
    description: "供您自己的系统（计费、CRM、构建流水线）以您的身份调用门户 API 的密钥，仅限您选择的权限范围。",
  },
  card: {
    description: "让您自己的系统以您的身份调用门户 API，且仅限您选择的权限范围。",
    open: "管理 API 令牌",
  },
  list: {
    tableLabel: "API 令牌",
    columns: {
      name: "名称和前缀",
      scopes: "权限范围",
      created: "创建时间",
      expires: "过期时间",
      lastUsed: "上次使用",
      status: "状态",
      actions: "操作",
    },
    prefixLabel: "以 {{prefix}} 开头的令牌",
    noExpiry: "永不过期",
    neverUsed: "尚未使用",
    fromIp: "来自",
    loadFailed: "无法加载 API 令牌。",
    emptyTitle: "没有 API 令牌",
    emptyDescription: "创建一个令牌，让脚本或其他系统替您调用门户 API。",
  },
  status: {
    active: "有效",
    expired: "已过期",
    revoked: "已撤销",
  },
  scopes: {
    read: "读取您在门户中能看到的一切。",
    licensesWrite: "申请许可证，并对许可证和安装进行操作。",
    ticketsWrite: "创建、回复和关闭支持工单。",
    usersWrite: "批准、锁定和修改用户账户。",
    catalogueWrite: "修改目录：套餐、功能和服务。",
    updatesWrite: "发布和修改软件更新。",
    webhooksWrite: "管理 Webhook 端点及其投递。",
    auditRead: "读取和导出审计日志。",
  },
  create: {
    open: "创建令牌",
    title: "创建 API 令牌",
    name: "名称",
    nameHint: "说明由什么使用它，以便区分各个令牌（例如“计费同步”）。",
    scopes: "权限范围",
    scopesHint: "只授予该系统实际需要的权限。",
    adminOnly: "仅管理员",
    expiresAt: "过期日期",
    expiresAtHint: "令牌将在这一天结束时失效。留空则永不过期。",
    submit: "创建令牌",
    done: "已创建 API 令牌“{{name}}”",
  },
  secret: {
    title: "复制您的新 API 令牌",
    warningTitle: "这是您唯一一次看到此令牌",
    warning: "请立即复制并妥善保存。令牌不会被存储，也无法再次显示；如果丢失，请撤销它并创建新的令牌。",
    label: "令牌“{{name}}”",
    usage: "在每个请求中这样发送：",
    done: "我已复制",
  },
  revoke: {
    action: "撤销",
    actionFor: "撤销 {{name}}",
    title: "撤销 API 令牌",
    text: "要撤销“{{name}}”（{{prefix}}）吗？所有使用它的系统将立即被拒绝。此操作无法撤消。",
    done: "已撤销 API 令牌“{{name}}”",
  },
  admin: {
    open: "API 令牌",
    title: "{{name}} 的 API 令牌",
    description: "此用户的 API 令牌。您可以撤销它们；只有用户本人可以创建令牌。",
    emptyDescription: "此用户尚未创建任何 API 令牌。",
  },
};

export default apiTokens;
