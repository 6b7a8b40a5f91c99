import { totp } from "@portal/test-support";
import { GOOD_PASSWORD, registerUser, uniqueEmail } from "../accounts.js";
import { multipartForm } from "../multipart.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../test-app.js";
import type { OperationCall } from "../openapi-operations.js";
import { dataOf, unique, type World } from "./authorisation-world.js";

/**
 * Who calls, for every operation of the OpenAPI document:
 * - `anonymous`: no credentials at all;
 * - `customer`: customer B, on B's own resources (the path parameters point at them);
 * - `otherCustomer`: customer A, on those same resources of B — required for every operation with
 *   path parameters, so ownership is tested wherever a path names something;
 * - `admin`: an administrator, on B's resources.
 */
export type Caller = "anonymous" | "otherCustomer" | "customer" | "admin";

export interface MatrixRow {
  anonymous: number;
  customer: number;
  otherCustomer?: number;
  admin: number;
  /**
   * The request of one cell (path parameters, body, headers). Called once per caller, so a call that
   * changes or removes its resource gets a fresh one. A `token` replaces the caller's own (another
   * session of the same role, for calls that end sessions); anonymous calls never carry one.
   */
  request?: (world: World, caller: Caller) => OperationCall | Promise<OperationCall>;
  /** The answer is an endless event stream: only its status and headers are read. */
  stream?: true;
}

/** The same request for every caller: the path parameter `id` (and others) on B's resource. */
const on =
  (pick: (world: World) => string, payload?: unknown) =>
  (world: World): OperationCall => ({ params: { id: pick(world) }, ...(payload === undefined ? {} : { payload }) });

/** A fresh resource for each caller. */
const onFresh =
  (make: (world: World) => Promise<{ id: string }>, payload?: (world: World) => unknown) =>
  async (world: World): Promise<OperationCall> => ({ params: { id: (await make(world)).id }, ...(payload ? { payload: payload(world) } : {}) });

const body = (payload: unknown | ((world: World) => unknown)) => (world: World): OperationCall => ({
  payload: typeof payload === "function" ? (payload as (world: World) => unknown)(world) : payload,
});

/** A fresh account of the caller's role, for calls that end its sessions or change its sign-in. */
const freshAccountOf = async (world: World, caller: Caller) =>
  caller === "admin" ? world.fresh.admin() : caller === "anonymous" ? undefined : world.fresh.customer();

const asLicense = (world: World, caller: Caller) => (caller === "customer" ? { "x-license-token": world.licenseToken } : undefined);

const reqFile = (world: World) => multipartForm({}, [{ field: "file", name: "install.req", content: Buffer.from(`${world.license.key}\n{"hostname":"matrix-${unique()}"}\n`) }]);

/** A webhook endpoint on a closed port of 127.0.0.1, subscribed to test events only (nothing else reaches it). */
const webhookEndpointBody = () => ({ url: "http://127.0.0.1:9/matrix-hook", events: ["webhook.test"], description: `matrix ${unique()}` });

async function webhookEndpoint(world: World): Promise<{ id: string }> {
  const created = await dataOf<{ endpoint: { id: string } }>(
    world.testApp.app.inject({ method: "POST", url: "/api/v1/webhook-endpoints", headers: { authorization: `Bearer ${world.admin}` }, payload: webhookEndpointBody() }),
    201,
    "webhook endpoint",
  );
  return created.endpoint;
}

async function webhookDelivery(world: World): Promise<{ id: string }> {
  const endpoint = await webhookEndpoint(world);
  return dataOf<{ id: string }>(world.testApp.app.inject({ method: "POST", url: `/api/v1/webhook-endpoints/${endpoint.id}/test`, headers: { authorization: `Bearer ${world.admin}` } }), 202, "webhook delivery");
}

/**
 * The expected status of every operation for every caller. An operation of the document without a
 * row, or a row without an operation, fails `authorisation-matrix.test.ts`.
 */
export const authorisationMatrix: Record<string, MatrixRow> = {
  // ---------------------------------------------------------------- health and sign-in
  "GET /api/v1/health": { anonymous: 200, customer: 200, admin: 200 },
  "GET /api/v1/config": { anonymous: 200, customer: 200, admin: 200 },
  "POST /api/v1/auth/token": { anonymous: 200, customer: 200, admin: 200, request: body((w: World) => ({ username: w.owner.email, password: w.owner.password })) },
  "POST /api/v1/auth/register": {
    anonymous: 201,
    customer: 201,
    admin: 201,
    request: () => ({ payload: { firstname: "New", lastname: "Comer", email: uniqueEmail("matrix"), password: GOOD_PASSWORD } }),
  },
  "GET /api/v1/auth/me": { anonymous: 401, customer: 200, admin: 200 },
  // Single sign-on is not configured in this app: the public calls say so, whoever calls.
  "GET /api/v1/auth/oidc": { anonymous: 200, customer: 200, admin: 200 },
  "GET /api/v1/auth/oidc/start": { anonymous: 404, customer: 404, admin: 404 },
  "GET /api/v1/auth/oidc/callback": { anonymous: 302, customer: 302, admin: 302 },
  "POST /api/v1/auth/oidc/exchange": { anonymous: 404, customer: 404, admin: 404, request: body({ code: "not-a-code" }) },
  "GET /api/v1/auth/oidc/identities": { anonymous: 401, customer: 200, admin: 200 },
  "PUT /api/v1/auth/me": { anonymous: 401, customer: 200, admin: 200, request: body({ lastname: "Matrix" }) },
  "POST /api/v1/auth/logout": {
    anonymous: 401,
    customer: 200,
    admin: 200,
    request: async (w, caller) => ({ token: await w.fresh.session(caller === "admin" ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } : w.owner) }),
  },
  "POST /api/v1/auth/verify-email": { anonymous: 200, customer: 200, admin: 200, request: async (w) => ({ payload: { token: await w.fresh.verificationToken() } }) },
  "POST /api/v1/auth/verify-email/resend": { anonymous: 200, customer: 200, admin: 200, request: async (w) => ({ payload: { email: (await registerUser(w.testApp.app)).body.email } }) },
  "POST /api/v1/auth/recover-password": { anonymous: 200, customer: 200, admin: 200, request: body((w: World) => ({ email: w.other.email })) },
  "POST /api/v1/auth/reset-password": { anonymous: 200, customer: 200, admin: 200, request: async (w) => ({ payload: { token: await w.fresh.resetToken(), password: "An0ther-pass!" } }) },
  "POST /api/v1/auth/password": {
    anonymous: 401,
    customer: 200,
    admin: 200,
    request: async (w, caller) => {
      const account = await freshAccountOf(w, caller);
      return { token: account?.token, payload: { oldPassword: account?.password ?? GOOD_PASSWORD, newPassword: "An0ther-pass!" } };
    },
  },
  "POST /api/v1/auth/2fa/setup": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/auth/2fa/enable": {
    anonymous: 401,
    customer: 200,
    admin: 200,
    request: async (w, caller) => {
      const account = await freshAccountOf(w, caller);
      if (!account) return { payload: { code: "123456" } };
      const response = await w.testApp.app.inject({ method: "POST", url: "/api/v1/auth/2fa/setup", headers: { authorization: `Bearer ${account.token}` } });
      return { token: account.token, payload: { code: totp((response.json() as { data: { secret: string } }).data.secret) } };
    },
  },
  "POST /api/v1/auth/2fa/disable": {
    anonymous: 401,
    customer: 200,
    admin: 200,
    request: async (w, caller) => {
      if (caller === "anonymous") return { payload: { code: "123456" } };
      const account = await w.fresh.withTwoFactor(caller === "admin" ? "admin" : "customer");
      return { token: account.token, payload: { code: account.recoveryCode } };
    },
  },

  // ---------------------------------------------------------------- users (admin)
  "GET /api/v1/users": { anonymous: 401, customer: 403, admin: 200 },
  "GET /api/v1/users/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: on((w) => w.owner.user.id) },
  "PATCH /api/v1/users/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: on((w) => w.owner.user.id, { lastname: "Owner" }) },
  "POST /api/v1/users/{id}/approve": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.pendingUser()) },
  "POST /api/v1/users/{id}/verify-email": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.pendingUser()) },
  "POST /api/v1/users/{id}/lock": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh(async (w) => (await w.fresh.customer()).user) },
  "POST /api/v1/users/{id}/unlock": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.lockedUser()) },

  // ---------------------------------------------------------------- log monitor (admin)
  "GET /api/v1/audit-events": { anonymous: 401, customer: 403, admin: 200 },
  "GET /api/v1/audit-events/actions": { anonymous: 401, customer: 403, admin: 200 },
  "GET /api/v1/audit-events/stream": { anonymous: 401, customer: 403, admin: 200, stream: true },

  // ---------------------------------------------------------------- notifications (own)
  "GET /api/v1/notifications": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/notifications/read-all": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/notifications/{id}/read": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 404, request: on((w) => w.notificationId) },
  "GET /api/v1/notification-settings": { anonymous: 401, customer: 200, admin: 200 },
  "PUT /api/v1/notification-settings": { anonymous: 401, customer: 200, admin: 200, request: body({ channels: { maintenance_updates: { email: false, inApp: true } } }) },

  // ---------------------------------------------------------------- catalogue
  "GET /api/v1/features": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/features": { anonymous: 401, customer: 403, admin: 201, request: () => ({ payload: { name: `Feature ${unique()}`, price: 1 } }) },
  "PUT /api/v1/features/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: (w) => ({ params: { id: w.featureId }, payload: { name: `Feature ${unique()}`, price: 5 } }) },
  "DELETE /api/v1/features/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.feature()) },
  "GET /api/v1/services": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/services": { anonymous: 401, customer: 403, admin: 201, request: () => ({ payload: { name: `Service ${unique()}` } }) },
  "PUT /api/v1/services/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: (w) => ({ params: { id: w.serviceId }, payload: { name: `Service ${unique()}` } }) },
  "DELETE /api/v1/services/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.service()) },
  "GET /api/v1/plans": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/plans": { anonymous: 401, customer: 403, admin: 201, request: (w) => ({ payload: w.fresh.planBody() }) },
  "GET /api/v1/plans/current": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/plans/custom": { anonymous: 401, customer: 201, admin: 201, request: body((w: World) => ({ featureIds: [w.featureId] })) },
  "GET /api/v1/plans/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.customPlan.id) },
  "PUT /api/v1/plans/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.plan(), (w) => w.fresh.planBody()) },
  "DELETE /api/v1/plans/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.plan()) },
  "POST /api/v1/plans/{id}/select": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.customPlan.id) },
  // A catalogue plan is nobody's: each customer starts their own trial of a fresh one; administrators start none.
  "POST /api/v1/plans/{id}/trial": { anonymous: 401, otherCustomer: 201, customer: 201, admin: 403, request: onFresh((w) => w.fresh.trialPlan()) },

  // ---------------------------------------------------------------- projects (own)
  "GET /api/v1/projects": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/projects": { anonymous: 401, customer: 201, admin: 201, request: () => ({ payload: { name: `Project ${unique()}` } }) },
  // Projects are their owner's alone: an administrator does not see them either (spec: "Projects (own)").
  "GET /api/v1/projects/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 404, request: on((w) => w.projectId) },
  "PUT /api/v1/projects/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 404, request: (w) => ({ params: { id: w.projectId }, payload: { name: `Project ${unique()}` } }) },
  "DELETE /api/v1/projects/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 404, request: onFresh((w) => w.fresh.project()) },

  // ---------------------------------------------------------------- payments (own)
  "GET /api/v1/payment-methods": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/payment-methods": { anonymous: 401, customer: 201, admin: 201, request: body({ holderName: "Card Holder", brand: "visa", last4: "1111", expMonth: 1, expYear: 2099 }) },
  "DELETE /api/v1/payment-methods/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 404, request: onFresh((w) => w.fresh.paymentMethod()) },
  "GET /api/v1/billing-address": { anonymous: 401, customer: 200, admin: 200 },
  "PUT /api/v1/billing-address": {
    anonymous: 401,
    customer: 200,
    admin: 200,
    request: body({ line1: "1 Main Street", city: "Springfield", postalCode: "12345", country: "US", taxLocation: "US" }),
  },

  // ---------------------------------------------------------------- licence requests
  "GET /api/v1/license-requests": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/license-requests": { anonymous: 401, customer: 201, admin: 201, request: body((w: World) => ({ planId: w.plan.id, quantity: 1 })) },
  "GET /api/v1/license-requests/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.licenseRequestId) },
  "PATCH /api/v1/license-requests/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: on((w) => w.licenseRequestId, { note: "checked" }) },
  "POST /api/v1/license-requests/{id}/approve": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.licenseRequest()) },
  "POST /api/v1/license-requests/{id}/reject": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.licenseRequest(), () => ({ reason: "No budget" })) },
  // Cancelling is the requester's act; an administrator rejects instead.
  "POST /api/v1/license-requests/{id}/cancel": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 404, request: onFresh((w) => w.fresh.licenseRequest()) },

  // ---------------------------------------------------------------- orders
  "GET /api/v1/orders": { anonymous: 401, customer: 200, admin: 200 },
  // An administrator is not a customer: the team makes offers, it does not order.
  "POST /api/v1/orders": { anonymous: 401, customer: 201, admin: 403, request: body((w: World) => ({ planId: w.plan.id, quantity: 1 })) },
  "GET /api/v1/orders/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.orderId) },
  "POST /api/v1/orders/{id}/offer": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.order(), (w) => w.fresh.offerBody()) },
  // Accepting is the customer's act; for anybody else the order does not exist.
  "POST /api/v1/orders/{id}/accept": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 404, request: onFresh((w) => w.fresh.offeredOrder()) },
  "POST /api/v1/orders/{id}/mark-paid": {
    anonymous: 401,
    otherCustomer: 403,
    customer: 403,
    admin: 200,
    request: onFresh((w) => w.fresh.acceptedOrder(), () => ({ reference: `Wire ${unique()}` })),
  },
  "POST /api/v1/orders/{id}/cancel": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: onFresh((w) => w.fresh.order(), () => ({})) },
  "GET /api/v1/orders/{id}/document": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.orderId) },

  // ---------------------------------------------------------------- licences
  "GET /api/v1/licenses": { anonymous: 401, customer: 200, admin: 200 },
  "GET /api/v1/licenses/public-key": { anonymous: 200, customer: 200, admin: 200 },
  "POST /api/v1/licenses/validate": { anonymous: 200, customer: 200, admin: 200, request: body((w: World) => ({ key: w.license.key })) },
  "POST /api/v1/licenses/heartbeat": { anonymous: 200, customer: 200, admin: 200, request: body((w: World) => ({ key: w.license.key, fingerprint: "matrix-machine" })) },
  "POST /api/v1/licenses/release": { anonymous: 200, customer: 200, admin: 200, request: body((w: World) => ({ key: w.license.key, fingerprint: "matrix-machine" })) },
  "GET /api/v1/licenses/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.license.id) },
  "GET /api/v1/licenses/{id}/file": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.license.id) },
  "POST /api/v1/licenses/{id}/deactivate": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.license()) },
  "POST /api/v1/licenses/{id}/reactivate": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.deactivatedLicense()) },
  "GET /api/v1/licenses/{id}/installations/{installationId}/file": {
    anonymous: 401,
    otherCustomer: 404,
    customer: 200,
    admin: 200,
    request: (w) => ({ params: { id: w.license.id, installationId: w.installationId } }),
  },
  // The same channels again: the world's licence keeps following "stable" whoever called.
  "PUT /api/v1/licenses/{id}/channels": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: on((w) => w.license.id, { channels: ["stable"] }) },
  "GET /api/v1/licenses/{id}/installations": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.license.id) },
  "POST /api/v1/licenses/{id}/installations/{installationId}/release": {
    anonymous: 401,
    otherCustomer: 404,
    customer: 200,
    admin: 200,
    request: async (w) => ({ params: { id: w.license.id, installationId: (await w.fresh.installation(w.license)).installationId } }),
  },
  // A's own session with B's key: the key is not A's.
  "POST /api/v1/req/auth": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: (w) => reqFile(w) },

  // ---------------------------------------------------------------- tickets
  "GET /api/v1/tickets": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/tickets": { anonymous: 401, customer: 201, admin: 201, request: body({ subject: "Matrix", type: "general", priority: "low", message: "Hello" }) },
  "GET /api/v1/tickets/stats": { anonymous: 401, customer: 200, admin: 200 },
  "GET /api/v1/tickets/inbox": { anonymous: 401, customer: 200, admin: 200 },
  "GET /api/v1/tickets/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.ticketId) },
  "PATCH /api/v1/tickets/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: on((w) => w.ticketId, { priority: "high" }) },
  "POST /api/v1/tickets/{id}/messages": { anonymous: 401, otherCustomer: 404, customer: 201, admin: 201, request: on((w) => w.ticketId, { body: "Any news?" }) },
  "POST /api/v1/tickets/{id}/in-progress": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.ticket()) },
  "POST /api/v1/tickets/{id}/resolve": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.ticket()) },
  "POST /api/v1/tickets/{id}/close": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: onFresh((w) => w.fresh.ticket()) },
  "POST /api/v1/tickets/{id}/reopen": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.ticket("resolved")) },
  "POST /api/v1/tickets/{id}/read": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.ticketId) },
  "GET /api/v1/tickets/{id}/attachments/{attachmentId}": {
    anonymous: 401,
    otherCustomer: 404,
    customer: 200,
    admin: 200,
    request: (w) => ({ params: { id: w.ticketId, attachmentId: w.attachmentId } }),
  },

  // ---------------------------------------------------------------- software updates
  "POST /api/v1/updates": { anonymous: 401, customer: 403, admin: 201, request: (w) => w.fresh.updateForm() },
  "GET /api/v1/updates": { anonymous: 401, customer: 403, admin: 200 },
  "GET /api/v1/updates/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: on((w) => w.update.id) },
  "DELETE /api/v1/updates/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.draft()) },
  "PATCH /api/v1/updates/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.draft(), () => ({ channel: "beta" })) },
  "POST /api/v1/updates/{id}/yank": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.publishedUpdate()) },
  "PUT /api/v1/updates/{id}/commands": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.draft(), () => ({ commands: ["systemctl restart app"] })) },
  "PUT /api/v1/updates/{id}/changelog": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.draftWithCommands(), (w) => w.fresh.changelog()) },
  "POST /api/v1/updates/{id}/verifications": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: (w) => ({ params: { id: w.update.id }, payload: { licenseId: w.license.id } }) },
  "DELETE /api/v1/updates/{id}/verifications": {
    anonymous: 401,
    otherCustomer: 403,
    customer: 403,
    admin: 200,
    request: async (w) => ({ params: { id: w.update.id }, payload: { licenseId: (await w.fresh.verifiedLicense(w.update.id)).id } }),
  },
  "GET /api/v1/update-history": { anonymous: 401, customer: 200, admin: 200 },
  // The licence token speaks for B's installation; A and the administrator have only their sessions.
  "GET /api/v1/req/machine-file": { anonymous: 401, customer: 200, admin: 401, request: (w, caller) => ({ headers: asLicense(w, caller) }) },
  "GET /api/v1/req/updates": { anonymous: 401, customer: 200, admin: 401, request: (w, caller) => ({ headers: asLicense(w, caller) }) },
  "GET /api/v1/updates/{id}/manifest": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.update.id) },
  "GET /api/v1/updates/{id}/files/{name}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: (w) => ({ params: { id: w.update.id, name: "backend.zip" } }) },
  "GET /api/v1/updates/{id}/package": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: on((w) => w.update.id) },

  // ---------------------------------------------------------------- dashboards and settings
  "GET /api/v1/dashboard": { anonymous: 401, customer: 200, admin: 200 },
  "GET /api/v1/admin/dashboard": { anonymous: 401, customer: 403, admin: 200 },
  // The matrix's server runs without SMTP_URL: the outbox is on.
  "GET /api/v1/admin/outbox": { anonymous: 401, customer: 403, admin: 200 },
  "GET /api/v1/settings": { anonymous: 401, customer: 200, admin: 200 },
  "PUT /api/v1/settings": { anonymous: 401, customer: 200, admin: 200, request: body({ theme: "dark" }) },

  // ---------------------------------------------------------------- webhooks (admin)
  "POST /api/v1/webhook-endpoints": { anonymous: 401, customer: 403, admin: 201, request: body(webhookEndpointBody) },
  "GET /api/v1/webhook-endpoints": { anonymous: 401, customer: 403, admin: 200 },
  "GET /api/v1/webhook-endpoints/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh(webhookEndpoint) },
  "PATCH /api/v1/webhook-endpoints/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh(webhookEndpoint, () => ({ description: "changed" })) },
  "DELETE /api/v1/webhook-endpoints/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh(webhookEndpoint) },
  "POST /api/v1/webhook-endpoints/{id}/rotate-secret": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh(webhookEndpoint) },
  "POST /api/v1/webhook-endpoints/{id}/test": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 202, request: onFresh(webhookEndpoint) },
  "GET /api/v1/webhook-endpoints/{id}/deliveries": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh(webhookEndpoint) },
  "POST /api/v1/webhook-deliveries/{id}/retry": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 202, request: onFresh(webhookDelivery) },

  // ---------------------------------------------------------------- MFA authenticator (admin)
  "GET /api/v1/mfa/status": { anonymous: 401, customer: 403, admin: 200 },
  "GET /api/v1/mfa/current-code": { anonymous: 401, customer: 403, admin: 200 },
  "POST /api/v1/mfa/verify": {
    anonymous: 401,
    customer: 403,
    admin: 200,
    request: async (w, caller) => {
      if (caller !== "admin") return { payload: { code: "123456" } };
      const response = await w.testApp.app.inject({ method: "GET", url: "/api/v1/mfa/current-code", headers: { authorization: `Bearer ${w.admin}` } });
      return { payload: { code: (response.json() as { data: { code: string } }).data.code } };
    },
  },
  "POST /api/v1/mfa/provisioning": { anonymous: 401, customer: 403, admin: 200 },

  // ---------------------------------------------------------------- FAQ and demo requests
  "GET /api/v1/faq": { anonymous: 401, customer: 200, admin: 200 },
  "POST /api/v1/faq": { anonymous: 401, customer: 403, admin: 201, request: body((w: World) => ({ categoryId: w.faqCategory.id, question: { en: "New?" }, answer: { en: "Yes." } })) },
  "GET /api/v1/faq/entries": { anonymous: 401, customer: 403, admin: 200 },
  "PUT /api/v1/faq/{id}": {
    anonymous: 401,
    otherCustomer: 403,
    customer: 403,
    admin: 200,
    request: (w) => ({ params: { id: w.faqEntryId }, payload: { categoryId: w.faqCategory.id, question: { en: "Why not?" }, answer: { en: "Because." } } }),
  },
  "DELETE /api/v1/faq/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: onFresh((w) => w.fresh.faqEntry(w.faqCategory.id)) },
  "POST /api/v1/faq/{id}/move": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: on((w) => w.faqEntryId, { direction: "up" }) },
  "GET /api/v1/faq/categories": { anonymous: 401, customer: 403, admin: 200 },
  "PUT /api/v1/faq/categories/{id}": { anonymous: 401, otherCustomer: 403, customer: 403, admin: 200, request: (w) => ({ params: { id: w.faqCategory.id }, payload: { name: { en: w.faqCategory.name.en ?? "General" } } }) },
  "POST /api/v1/demo-requests": { anonymous: 201, customer: 201, admin: 201, request: () => ({ payload: { email: uniqueEmail("demo") } }) },
  "GET /api/v1/demo-requests": { anonymous: 401, customer: 403, admin: 200 },

  // ---------------------------------------------------------------- API tokens (own; an administrator may revoke any)
  "POST /api/v1/api-tokens": { anonymous: 401, customer: 201, admin: 201, request: () => ({ payload: { name: `Matrix ${unique()}`, scopes: ["read"] } }) },
  "GET /api/v1/api-tokens": { anonymous: 401, customer: 200, admin: 200 },
  "DELETE /api/v1/api-tokens/{id}": { anonymous: 401, otherCustomer: 404, customer: 200, admin: 200, request: onFresh((w) => w.fresh.apiToken()) },
};
