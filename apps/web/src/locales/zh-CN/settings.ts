import type { Messages } from "../en";

/** 设置页面。 */
const settings: Messages["settings"] = {
  subtitle: "门户在您登录的每台设备上的外观与显示方式。",
  savedAutomatically: "更改会自动保存",
  saving: "正在保存…",
  loadFailed: "无法加载您的设置",
  appearance: {
    title: "外观",
    description: "颜色主题、表格行和侧边栏。",
  },
  theme: {
    label: "主题",
    light: "浅色",
    dark: "深色",
    auto: "跟随系统",
    autoHint: "跟随您设备的设置（当前：{{scheme}}）。",
  },
  density: {
    label: "表格密度",
    hint: "紧凑的行可以让屏幕显示更多列表内容。",
    comfortable: "舒适",
    compact: "紧凑",
  },
  sidebar: {
    label: "默认收起侧边栏",
    hint: "在大屏幕上，侧边栏会缩小为图标栏。在较小的屏幕上，它始终隐藏，直到您打开它。",
  },
  region: {
    title: "语言和区域",
    description: "门户的语言，以及显示日期和时间所用的时区。",
  },
  language: {
    label: "语言",
  },
  timeZone: {
    label: "时区",
    hint: "门户中的所有日期和时间都以此时区显示。",
    device: "此设备的时区：{{zone}}",
    nothingFound: "没有匹配的时区",
    now: "当前时间：{{time}}",
  },
  validation: {
    theme: "主题必须为 light、dark 或 auto",
    language: "语言必须是以下之一：{{languages}}",
    density: "表格密度必须为 comfortable 或 compact",
    timeZone: "时区必须是 IANA 时区名称，例如 Europe/Istanbul",
    unknownTimeZone: "未知时区：请使用 IANA 时区名称，例如 Europe/Istanbul",
  },
};

export default settings;
