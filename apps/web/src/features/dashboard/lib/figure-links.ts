import type { AdminDashboard, CustomerDashboard } from "@portal/contract";
import { paths } from "@/lib/paths";

/** A list path with its filters in the query string, as the list screens read them (useServerTable). */
export function filteredList(path: string, filters: Record<string, string> = {}): string {
  const query = new URLSearchParams(filters).toString();
  return query ? `${path}?${query}` : path;
}

/** Where each figure of the customer's dashboard leads: the list it counts, filtered to those rows. */
export const customerFigureLinks = {
  active: filteredList(paths.myPurchasedLicenses, { status: "active" }),
  notActivated: filteredList(paths.myPurchasedLicenses, { status: "not_activated" }),
  deactivated: filteredList(paths.myPurchasedLicenses, { status: "deactivated" }),
  expiringIn30Days: filteredList(paths.myPurchasedLicenses, { status: "active", sort: "expiresAt", order: "asc" }),
  pendingRequests: filteredList(paths.myLicenseRequests, { status: "pending" }),
  open: filteredList(paths.myTickets, { status: "open" }),
  inProgress: filteredList(paths.myTickets, { status: "in_progress" }),
  resolved: filteredList(paths.myTickets, { status: "resolved" }),
  // Open orders span three statuses (the list filters one): all orders, newest first; offers to accept are `offered`.
  openOrders: paths.billing,
  awaitingMe: filteredList(paths.billing, { status: "offered" }),
} satisfies Record<keyof CustomerDashboard["licenses"] | keyof CustomerDashboard["tickets"] | "pendingRequests" | "openOrders" | "awaitingMe", string>;

/** One licence of the list, opened in its detail drawer. */
export const licenseLink = (id: string) => filteredList(paths.myPurchasedLicenses, { license: id });

/** Where each figure of the admin dashboard leads. */
export const adminFigureLinks = {
  pendingUsers: filteredList(paths.admin.users, { status: "pending" }),
  activeUsers: filteredList(paths.admin.users, { status: "active" }),
  lockedUsers: filteredList(paths.admin.users, { status: "locked" }),
  totalUsers: paths.admin.users,
  pendingRequests: filteredList(paths.admin.licenseRequests, { status: "pending" }),
  totalTickets: paths.admin.resolutionCenter,
  open: filteredList(paths.admin.resolutionCenter, { status: "open" }),
  inProgress: filteredList(paths.admin.resolutionCenter, { status: "in_progress" }),
  resolved: filteredList(paths.admin.resolutionCenter, { status: "resolved" }),
  closed: filteredList(paths.admin.resolutionCenter, { status: "closed" }),
  activeLicenses: filteredList(paths.admin.purchasedLicenses, { status: "active" }),
  notActivatedLicenses: filteredList(paths.admin.purchasedLicenses, { status: "not_activated" }),
  deactivatedLicenses: filteredList(paths.admin.purchasedLicenses, { status: "deactivated" }),
  // No list of installations exists: the licences they run under.
  liveInstallations: filteredList(paths.admin.purchasedLicenses, { status: "active" }),
} satisfies Record<string, string>;

export type AdminFigure = keyof typeof adminFigureLinks;
export type { AdminDashboard };
