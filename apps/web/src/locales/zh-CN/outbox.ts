import type { Messages } from "../en";

const outbox: Messages["outbox"] = {
  description: "未设置 SMTP_URL，因此服务器不发送邮件，而是将每封邮件写入其数据文件夹。请将链接转交给收件人，或在“用户”中将其邮箱标记为已验证。邮件保留两周。",
  tableLabel: "发件箱邮件",
  search: "按收件人或主题搜索",
  columns: {
    message: "邮件",
    createdAt: "写入时间",
  },
  show: "显示邮件：{{subject}}",
  hide: "隐藏邮件：{{subject}}",
  messageText: "邮件正文",
  noText: "此邮件没有正文。",
};

export default outbox;
