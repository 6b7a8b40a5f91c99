import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "每个权限范围都必须是列出的范围之一",
    scopesRequired: "请至少选择一个权限范围",
    expiresAtPast: "过期时间必须晚于现在",
  },
};

export default apiTokens;
