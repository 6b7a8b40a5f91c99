import type { Messages } from "../en";

/** MFA 验证器。 */
const mfa: Messages["mfa"] = {
  description: "系统验证器：当前验证码、任意验证码的校验，以及二维码配置。",
  code: {
    title: "当前验证码",
    label: "当前 MFA 验证码",
    remaining: "剩余 {{seconds}} 秒",
    secondsShort: "秒",
    remainingLabel: "验证码变更前的剩余时间",
    refresh: "刷新",
    refreshing: "正在刷新…",
    copy: "复制验证码",
    copied: "已复制",
    copyFailed: "验证码复制失败",
    loadFailed: "获取当前 MFA 验证码失败",
    retry: "重试",
    audited: "每次查看验证码都会记入审计日志。",
  },
  verify: {
    title: "校验验证码",
    description: "用系统验证器校验身份验证应用中的验证码。",
    code: "验证码",
    placeholder: "123 456",
    submit: "校验",
    required: "验证码为必填项",
    valid: "验证码有效。",
    invalid: "验证码无效。请检查设备时间并尝试最新的验证码。",
    failed: "校验 MFA 验证码失败",
  },
  settings: {
    title: "MFA 设置",
    description: "使用身份验证应用（Google Authenticator、Microsoft Authenticator、1Password 等）扫描二维码，即可在手机上显示相同的验证码。",
    configuredSince: "已配置；可随时更换密钥。",
    configuredOn: "已于 {{date}} 配置；可随时更换密钥。",
    generate: "生成二维码",
    regenerate: "更换密钥",
    failed: "生成配置数据失败",
    qrAlt: "供身份验证应用扫描的系统验证器二维码",
    scanNow: "请立即扫描此二维码：它只显示一次，离开页面后将无法再次查看。",
    urlLabel: "otpauth 网址",
    showUrl: "显示 otpauth 网址",
    hideUrl: "隐藏 otpauth 网址",
    urlHidden: "该网址包含密钥，在您选择显示之前保持隐藏。",
    copyUrl: "复制网址",
    generated: "已生成新的二维码",
    confirmTitle: "更换验证器的密钥？",
    confirmText: "将立即生成新密钥：旧的验证码随即失效，所有用旧二维码配置的应用都必须重新扫描新的二维码。",
    confirm: "更换密钥",
    cancel: "取消",
  },
  status: {
    failed: "无法读取验证器是否已配置",
  },
  notConfigured: {
    title: "验证器尚未配置",
    description: "生成密钥和二维码后，这里将显示当前验证码和验证码校验。",
  },
};

export default mfa;
