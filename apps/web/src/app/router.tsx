import { Navigate, type RouteObject } from "react-router";
import { LoginPage } from "@/features/auth/pages/login-page";
import { loadEnglishAreas, loadEnglishFeature, type EnglishFeature } from "@/lib/i18n";
import { paths } from "@/lib/paths";
import { GuestOnly, RequireAuth } from "./guards";
import { AuthLayout } from "./layouts/auth-layout";
import { lazyElement, type RouteModule } from "./lazy-route";
import type { ParseKeys } from "i18next";
import type { RouteHandle } from "./route-handle";

/**
 * Every route of spec section 2. Each page and layout is its own lazy chunk, except the login form
 * and its auth layout: every new visitor starts there (a logged-out visit to any page is sent to
 * it), so they come in the entry chunk and /auth/login needs one script and one style sheet
 * instead of waiting on forty small chunks one round trip after the entry.
 */

/** A real page: its own lazy chunk, with the title and breadcrumb of its route. */
function page(path: string, load: () => Promise<RouteModule>, title: ParseKeys): RouteObject {
  return { path, element: lazyElement(load), handle: { title, crumb: title } satisfies RouteHandle };
}

/** A page of a feature whose English strings are their own chunk: the page and its strings, loaded together. */
function withStrings(feature: EnglishFeature, load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return () => Promise.all([load(), loadEnglishFeature(feature)]).then(([module]) => module);
}
const ticketPage = (load: () => Promise<RouteModule>) => withStrings("tickets", load);
const updatesPage = (load: () => Promise<RouteModule>) => withStrings("updates", load);
const updateWizardPage = updatesPage(() => import("@/features/updates/pages/update-wizard-page"));
const faqPage = (load: () => Promise<RouteModule>) => withStrings("faq", load);
const mfaPage = (load: () => Promise<RouteModule>) => withStrings("mfa", load);
const outboxPage = withStrings("outbox", () => import("@/features/outbox/pages/outbox-page"));

const adminPlanFormPage = () => import("@/features/plans/pages/admin-plan-form-page");

function redirect(to: string): RouteObject["element"] {
  return <Navigate to={to} replace />;
}

const adminRoutes: RouteObject[] = [
  { index: true, element: redirect(paths.admin.dashboard) },
  page("dashboard", () => import("@/features/dashboard/pages/admin-dashboard-page"), "pages.admin.dashboard.title"),
  {
    path: "license-requests",
    element: lazyElement(() => import("@/features/licenses/pages/admin-license-requests-page")),
    handle: { title: "pages.admin.licenseRequests.title", crumb: "pages.admin.licenseRequests.title" } satisfies RouteHandle,
  },
  {
    path: "orders",
    handle: { crumb: "ordersAdmin.list.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/orders/pages/admin-orders-page")), handle: { title: "ordersAdmin.list.title" } satisfies RouteHandle },
      page(":id", () => import("@/features/orders/pages/admin-order-page"), "ordersAdmin.order.title"),
    ],
  },
  {
    path: "plans",
    handle: { crumb: "pages.admin.plans.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/plans/pages/admin-plans-page")), handle: { title: "pages.admin.plans.title" } satisfies RouteHandle },
      page("create", adminPlanFormPage, "pages.admin.planCreate.title"),
      page(":id", () => import("@/features/plans/pages/admin-plan-page"), "pages.admin.plan.title"),
      page(":id/edit", adminPlanFormPage, "pages.admin.planEdit.title"),
    ],
  },
  {
    path: "users",
    handle: { crumb: "pages.admin.users.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/users/pages/users-page")), handle: { title: "pages.admin.users.title" } satisfies RouteHandle },
      page(":id/api-tokens", () => import("@/features/api-tokens/pages/admin-user-tokens-page"), "apiTokens.page.title"),
    ],
  },
  {
    path: "resolution-center",
    handle: { crumb: "pages.admin.resolutionCenter.title" } satisfies RouteHandle,
    children: [
      {
        index: true,
        element: lazyElement(ticketPage(() => import("@/features/tickets/pages/admin-tickets-page"))),
        handle: { title: "pages.admin.resolutionCenter.title" } satisfies RouteHandle,
      },
      page(":uuid", ticketPage(() => import("@/features/tickets/pages/admin-ticket-page")), "pages.admin.ticket.title"),
    ],
  },
  {
    path: "purchased-licenses",
    element: lazyElement(() => import("@/features/licenses/pages/admin-purchased-licenses-page")),
    handle: { title: "pages.admin.purchasedLicenses.title", crumb: "pages.admin.purchasedLicenses.title" } satisfies RouteHandle,
  },
  page("manage-features", () => import("@/features/catalogue/pages/manage-features-page"), "pages.admin.manageFeatures.title"),
  page("manage-services", () => import("@/features/catalogue/pages/manage-services-page"), "pages.admin.manageServices.title"),
  page(
    "log-monitor",
    () => Promise.all([import("@/features/audit/pages/log-monitor-page"), loadEnglishFeature("logMonitor")]).then(([module]) => module),
    "pages.admin.logMonitor.title",
  ),
  page("mfa-authenticator", mfaPage(() => import("@/features/mfa/pages/mfa-authenticator-page")), "pages.admin.mfaAuthenticator.title"),
  page("outbox", outboxPage, "pages.admin.outbox.title"),
  {
    path: "webhooks",
    handle: { crumb: "webhooks.list.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/webhooks/pages/webhooks-page")), handle: { title: "webhooks.list.title" } satisfies RouteHandle },
      page(":id", () => import("@/features/webhooks/pages/webhook-endpoint-page"), "webhooks.endpoint.title"),
    ],
  },
  {
    path: "admin-updates",
    handle: { crumb: "pages.admin.updates.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(updatesPage(() => import("@/features/updates/pages/admin-updates-page"))), handle: { title: "pages.admin.updates.title" } satisfies RouteHandle },
      page("new", updateWizardPage, "pages.admin.updateNew.title"),
      page("drafts/:id", updateWizardPage, "pages.admin.updateNew.title"),
    ],
  },
];

const myLicensesPage = () => import("@/features/licenses/pages/my-licenses-page");

const mainRoutes: RouteObject[] = [
  {
    path: "dashboard",
    element: lazyElement(() => import("@/features/dashboard/pages/dashboard-page")),
    handle: { title: "pages.dashboard.title", crumb: "pages.dashboard.title" } satisfies RouteHandle,
  },
  {
    path: "my-licenses",
    handle: { title: "pages.myLicenses.title", crumb: "pages.myLicenses.title", crumbTo: paths.myLicenseRequests } satisfies RouteHandle,
    children: [
      { index: true, element: redirect(paths.myLicenseRequests) },
      { path: "requests", element: lazyElement(myLicensesPage), handle: { crumb: "pages.myLicenses.requestsTab" } satisfies RouteHandle },
      { path: "purchased", element: lazyElement(myLicensesPage), handle: { crumb: "pages.myLicenses.purchasedTab" } satisfies RouteHandle },
    ],
  },
  {
    path: "license-requests",
    handle: { crumb: "pages.licenseRequests.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/licenses/pages/license-requests-page")), handle: { title: "pages.licenseRequests.title" } satisfies RouteHandle },
      // Spec section 2: /license-requests/edit/{id} needs login and admin.
      {
        path: "edit/:id",
        element: lazyElement(() => import("@/features/licenses/pages/license-request-edit-page")),
        handle: { title: "pages.licenseRequestEdit.title", crumb: "pages.licenseRequestEdit.title", requiresAdmin: true } satisfies RouteHandle,
      },
    ],
  },
  page("settings", () => import("@/features/settings/pages/settings-page"), "pages.settings.title"),
  {
    path: "updates",
    element: lazyElement(updatesPage(() => import("@/features/updates/pages/updates-page"))),
    handle: { title: "pages.updates.title", crumb: "pages.updates.title" } satisfies RouteHandle,
  },
  {
    path: "preferences",
    handle: { crumb: "pages.preferences.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/preferences/pages/preferences-page")), handle: { title: "pages.preferences.title" } satisfies RouteHandle },
      page("api-tokens", () => import("@/features/api-tokens/pages/api-tokens-page"), "apiTokens.page.title"),
    ],
  },
  page("projects", () => import("@/features/projects/pages/projects-page"), "pages.projects.title"),
  page("payments", () => import("@/features/payments/pages/payments-page"), "pages.payments.title"),
  {
    path: "billing",
    handle: { crumb: "pages.billing.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/orders/pages/billing-page")), handle: { title: "pages.billing.title" } satisfies RouteHandle },
      // The link of every order notification: /billing/orders/{id}.
      page("orders/:id", () => import("@/features/orders/pages/order-page"), "orders.order.title"),
    ],
  },
  {
    path: "pricing-plans",
    handle: { crumb: "pages.pricingPlans.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(() => import("@/features/plans/pages/pricing-plans-page")), handle: { title: "pages.pricingPlans.title" } satisfies RouteHandle },
      page("custom-license", () => import("@/features/plans/pages/custom-license-page"), "pages.customLicense.title"),
      page("confirmation/:planId", () => import("@/features/plans/pages/plan-confirmation-page"), "pages.planConfirmation.title"),
    ],
  },
  {
    path: "faq",
    handle: { crumb: "pages.faq.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(faqPage(() => import("@/features/faq/pages/faq-page"))), handle: { title: "pages.faq.title" } satisfies RouteHandle },
      // Administrators keep the FAQ and read the demo requests from its page (not in spec section 2's sidebar).
      {
        path: "manage",
        element: lazyElement(faqPage(() => import("@/features/faq/pages/faq-manage-page"))),
        handle: { title: "faq.manage.title", crumb: "faq.manage.title", requiresAdmin: true } satisfies RouteHandle,
      },
      {
        path: "demo-requests",
        element: lazyElement(faqPage(() => import("@/features/faq/pages/demo-requests-page"))),
        handle: { title: "faq.demoRequests.title", crumb: "faq.demoRequests.title", requiresAdmin: true } satisfies RouteHandle,
      },
    ],
  },
  {
    path: "my-tickets",
    handle: { crumb: "pages.myTickets.title" } satisfies RouteHandle,
    children: [
      { index: true, element: lazyElement(ticketPage(() => import("@/features/tickets/pages/my-tickets-page"))), handle: { title: "pages.myTickets.title" } satisfies RouteHandle },
      page(":uuid", ticketPage(() => import("@/features/tickets/pages/ticket-page")), "pages.ticketDetails.title"),
    ],
  },
  page("create-new-ticket", ticketPage(() => import("@/features/tickets/pages/create-ticket-page")), "pages.createTicket.title"),
  {
    path: "purchased-licenses",
    element: lazyElement(() => import("@/features/licenses/pages/purchased-licenses-page")),
    handle: { title: "pages.purchasedLicenses.title", crumb: "pages.purchasedLicenses.title" } satisfies RouteHandle,
  },
  {
    path: "admin",
    handle: { requiresAdmin: true, crumb: "nav.adminPanel", crumbTo: paths.admin.dashboard } satisfies RouteHandle,
    children: adminRoutes,
  },
];

export const routes: RouteObject[] = [
  {
    path: "/",
    children: [
      { index: true, element: redirect(paths.dashboard) },
      {
        path: "auth",
        element: <GuestOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { index: true, element: redirect(paths.auth.login) },
              { path: "login", element: <LoginPage /> },
              { path: "signup", element: lazyElement(() => import("@/features/auth/pages/signup-page")) },
              { path: "recover-password", element: lazyElement(() => import("@/features/auth/pages/recover-password-page")) },
              { path: "recover-password-email", element: lazyElement(() => import("@/features/auth/pages/recover-password-email-page")) },
              // The server's sign-up e-mail links here (API: POST /api/v1/auth/verify-email).
              { path: "verify-email", element: lazyElement(() => import("@/features/auth/pages/verify-email-page")) },
            ],
          },
        ],
      },
      { path: "404", element: lazyElement(() => import("./pages/not-found-page")) },
      {
        element: <RequireAuth />,
        // English strings of the logged-in areas arrive with the layout that shows them.
        children: [{ element: lazyElement(() => Promise.all([import("./layouts/main-layout"), loadEnglishAreas()]).then(([layout]) => layout)), children: mainRoutes }],
      },
      // Unknown paths go to the dashboard (spec section 2).
      { path: "*", element: redirect(paths.dashboard) },
    ],
  },
];
