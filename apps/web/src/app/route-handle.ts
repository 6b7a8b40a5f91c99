import type { ParseKeys } from "i18next";
import { useMatches } from "react-router";

/** Pages a later issue fills: they show the layout, a translated title and a translated empty state. */
export type PlaceholderKey =
  | "licenseRequests"
  | "licenseRequestEdit"
  | "settings"
  | "updates"
  | "preferences"
  | "projects"
  | "payments"
  | "billing"
  | "pricingPlans"
  | "customLicense"
  | "planConfirmation"
  | "faq"
  | "myTickets"
  | "ticketDetails"
  | "createTicket"
  | "purchasedLicenses"
  | "admin.dashboard"
  | "admin.licenseRequests"
  | "admin.users"
  | "admin.plans"
  | "admin.plan"
  | "admin.planEdit"
  | "admin.planCreate"
  | "admin.resolutionCenter"
  | "admin.ticket"
  | "admin.purchasedLicenses"
  | "admin.manageFeatures"
  | "admin.manageServices"
  | "admin.logMonitor"
  | "admin.mfaAuthenticator"
  | "admin.updates";

/** What a route tells the layout about itself (React Router `handle`). */
export interface RouteHandle {
  /** Page title: the document title and, for placeholders, the h1. */
  title?: ParseKeys;
  /** Breadcrumb label; routes without one add no crumb. */
  crumb?: ParseKeys;
  /** Where the crumb links; the route's own path by default. */
  crumbTo?: string;
  /** Admin-only branch: an anonymous visitor is sent to login with `?redirect=`. */
  requiresAdmin?: boolean;
  placeholder?: PlaceholderKey;
  /** A call to action under a placeholder's empty state. */
  placeholderAction?: { label: ParseKeys; to: string };
}

export function handleOf(match: { handle?: unknown }): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

export function useRouteHandles() {
  return useMatches().map((match) => ({ match, handle: handleOf(match) }));
}

/** The deepest route that names a title. */
export function useCurrentTitleKey(): ParseKeys | undefined {
  const handles = useRouteHandles();
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const title = handles[index]?.handle.title;
    if (title) return title;
  }
  return undefined;
}
