import {
  IconAuth2fa,
  IconCertificate,
  IconCloudUpload,
  IconCreditCard,
  IconFileCertificate,
  IconFolders,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLicense,
  IconLifebuoy,
  IconListSearch,
  IconMail,
  IconPuzzle,
  IconReceipt,
  IconRefresh,
  IconSettings,
  IconTemplate,
  IconTicket,
  IconTools,
  IconUserCog,
  IconUsers,
  IconWebhook,
  type Icon,
} from "@tabler/icons-react";
import type { ParseKeys } from "i18next";
import { paths } from "@/lib/paths";

export interface NavItem {
  label: ParseKeys;
  to: string;
  icon: Icon;
}

/** Sidebar entries in the order of spec section 2: Dashboard, the Admin Panel group (admins only), then the rest. */
export const dashboardItem: NavItem = { label: "nav.dashboard", to: paths.dashboard, icon: IconLayoutDashboard };

export const adminItems: NavItem[] = [
  { label: "nav.admin.dashboard", to: paths.admin.dashboard, icon: IconLayoutDashboard },
  { label: "nav.admin.licenseRequests", to: paths.admin.licenseRequests, icon: IconFileCertificate },
  { label: "ordersAdmin.nav", to: paths.admin.orders, icon: IconReceipt },
  { label: "nav.admin.users", to: paths.admin.users, icon: IconUsers },
  { label: "nav.admin.plans", to: paths.admin.plans, icon: IconTemplate },
  { label: "nav.admin.resolutionCenter", to: paths.admin.resolutionCenter, icon: IconLifebuoy },
  { label: "nav.admin.purchasedLicenses", to: paths.admin.purchasedLicenses, icon: IconCertificate },
  { label: "nav.admin.manageFeatures", to: paths.admin.manageFeatures, icon: IconPuzzle },
  { label: "nav.admin.manageServices", to: paths.admin.manageServices, icon: IconTools },
  { label: "nav.admin.logMonitor", to: paths.admin.logMonitor, icon: IconListSearch },
  { label: "nav.admin.mfaAuthenticator", to: paths.admin.mfaAuthenticator, icon: IconAuth2fa },
  { label: "nav.admin.updates", to: paths.admin.updates, icon: IconCloudUpload },
  { label: "webhooks.nav", to: paths.admin.webhooks, icon: IconWebhook },
];

/** Only while the server has an outbox (SMTP_URL unset): see useOutboxEnabled. */
export const outboxItem: NavItem = { label: "nav.admin.outbox", to: paths.admin.outbox, icon: IconMail };

export const userItems: NavItem[] = [
  { label: "nav.myTickets", to: paths.myTickets, icon: IconTicket },
  { label: "nav.licenseRequests", to: paths.licenseRequests, icon: IconLicense },
  { label: "nav.projects", to: paths.projects, icon: IconFolders },
  { label: "nav.payments", to: paths.payments, icon: IconCreditCard },
  { label: "nav.faq", to: paths.faq, icon: IconHelpCircle },
  { label: "nav.preferences", to: paths.preferences, icon: IconUserCog },
  { label: "nav.settings", to: paths.settings, icon: IconSettings },
  { label: "nav.updates", to: paths.updates, icon: IconRefresh },
];

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
