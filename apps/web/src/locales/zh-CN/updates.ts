import type { Messages } from "../en";

const updates: Messages["updates"] = {
  description: "使用 .req 文件在某个安装上激活许可证，并查找您的软件更新。",
  req: {
    title: "上传 .req 文件",
    description: "您的产品会生成一个 .req 文件：第一行是许可证密钥，第二行描述该安装。上传后许可证即在该安装上激活。",
    choose: "选择 .req 文件",
    dropHere: "将 .req 文件拖放到此处，或点击选择文件",
    rules: "仅限 .req 文件，最大 500KB，至少 2 行。",
    keyLine: "许可证密钥",
    upload: "上传并激活",
    another: "选择其他文件",
    processing: "正在上传并激活…",
    activated: "许可证已激活",
    activatedDescription: "许可证已在此安装上激活。请下载与该安装绑定的许可证文件，并放在您的产品旁边。",
    plan: "套餐",
    expires: "到期时间",
    activations: "激活数",
    installation: "安装",
    downloadBound: "下载许可证文件",
    problems: {
      missing: "请选择一个 .req 文件",
      wrongType: "请只选择 .req 文件",
      tooLarge: "文件大小不能超过 500KB",
      tooFewLines: ".req 文件至少需要 2 行：先是许可证密钥，然后是安装数据",
      oneFile: "请只选择一个 .req 文件",
    },
  },
  history: {
    title: "更新历史",
    emptyTitle: "暂无更新",
    emptyDescription: "为您的许可证发布的更新以及您的下载历史将显示在这里。",
  },
};

export default updates;
