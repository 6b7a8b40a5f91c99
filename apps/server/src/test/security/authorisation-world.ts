import { randomBytes } from "node:crypto";
import type { FaqCategoryAdmin, License, LicenseRequest, Order, Page, Plan, Ticket, Update, User } from "@portal/contract";
import { totp, zipOf } from "@portal/test-support";
import { loginAs, registerUser, type Customer } from "../accounts.js";
import { adminToken, createAdmin, createApiTokenFor, createCustomer } from "../factories.js";
import { call, json } from "../http.js";
import { linkToken, waitForMail } from "../mail.js";
import { multipartForm } from "../multipart.js";
import type { TestApp } from "../test-app.js";

/**
 * What the authorisation matrix calls on. Customer B (`owner`) holds one of everything a customer
 * can own; customer A (`other`) holds none of it. Calls that change or remove a resource take a
 * fresh one from `fresh`, so that no cell depends on the cells called before it.
 */
export interface World {
  testApp: TestApp;
  admin: string;
  owner: Customer;
  other: Customer;
  /** An active catalogue plan with room for every activation and download the matrix makes. */
  plan: Plan;
  featureId: string;
  serviceId: string;
  /** B's own custom plan: another customer must not see it. */
  customPlan: Plan;
  projectId: string;
  /** B's licence, activated by one installation and verified for `update`. */
  license: License;
  installationId: string;
  /** The X-License-Token of that installation. */
  licenseToken: string;
  /** B's pending licence request. */
  licenseRequestId: string;
  /** B's order with an offer made (B has a billing address): its document is the offer PDF. */
  orderId: string;
  /** B's open ticket with one attachment. */
  ticketId: string;
  attachmentId: string;
  /** One of B's notifications. */
  notificationId: string;
  /** A published update verified for B's licence, holding `backend.zip`. */
  update: Update;
  faqEntryId: string;
  faqCategory: FaqCategoryAdmin;
  fresh: ReturnType<typeof factories>;
}

/** Answers `data` of a fixture call, which must succeed; otherwise the test stops with the answer. */
export async function dataOf<T>(response: Promise<{ statusCode: number; body: string }>, expected: number, what: string): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== expected) throw new Error(`fixture ${what}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  return (JSON.parse(answer.body) as { data: T }).data;
}

export const unique = () => randomBytes(4).toString("hex");

function factories(testApp: TestApp, admin: string, owner: Customer, plan: Plan) {
  const { app } = testApp;
  let version = 0;
  let host = 0;
  const fresh = {
    customer: (overrides: { password?: string } = {}) => createCustomer(testApp, overrides),
    /** A new administrator beside the first. */
    admin: () => createAdmin(testApp),
    /** Another session of the same account, for calls that end sessions. */
    session: (account: { email: string; password: string }) => loginAs(app, account.email, account.password),
    async pendingUser(): Promise<User> {
      const { response } = await registerUser(app);
      return json<{ data: { user: User } }>(response).data.user;
    },
    async lockedUser(): Promise<User> {
      const customer = await createCustomer(testApp);
      return dataOf<User>(call(app, { method: "POST", url: `/api/v1/users/${customer.user.id}/lock`, token: admin }), 200, "lock");
    },
    /** The token of the verification link mailed to a new sign-up. */
    async verificationToken(): Promise<string> {
      const { body } = await registerUser(app);
      return linkToken(await waitForMail(testApp.dataDir, body.email, /verify your e-mail/i));
    },
    /** The token of a password-reset link mailed to a new customer. */
    async resetToken(): Promise<string> {
      const customer = await createCustomer(testApp);
      await dataOf(call(app, { method: "POST", url: "/api/v1/auth/recover-password", payload: { email: customer.email } }), 200, "recovery");
      return linkToken(await waitForMail(testApp.dataDir, customer.email, /reset/i));
    },
    /** A new account of this role with two-factor sign-in on, its token and a recovery code. */
    async withTwoFactor(role: "customer" | "admin") {
      const account = role === "admin" ? await fresh.admin() : await fresh.customer();
      const setup = await dataOf<{ secret: string }>(call(app, { method: "POST", url: "/api/v1/auth/2fa/setup", token: account.token }), 200, "2fa setup");
      const enabled = await dataOf<{ recoveryCodes: string[] }>(
        call(app, { method: "POST", url: "/api/v1/auth/2fa/enable", token: account.token, payload: { code: totp(setup.secret) } }),
        200,
        "2fa enable",
      );
      return { token: account.token, recoveryCode: enabled.recoveryCodes[0]! };
    },
    feature: () => dataOf<{ id: string }>(call(app, { method: "POST", url: "/api/v1/features", token: admin, payload: { name: `Matrix feature ${unique()}`, price: 5 } }), 201, "feature"),
    service: () => dataOf<{ id: string }>(call(app, { method: "POST", url: "/api/v1/services", token: admin, payload: { name: `Matrix service ${unique()}` } }), 201, "service"),
    plan: () => dataOf<Plan>(call(app, { method: "POST", url: "/api/v1/plans", token: admin, payload: planBody() }), 201, "plan"),
    /** A catalogue plan offering a trial nobody has started yet. */
    trialPlan: () => dataOf<Plan>(call(app, { method: "POST", url: "/api/v1/plans", token: admin, payload: { ...planBody(), trialDays: 14 } }), 201, "trial plan"),
    project: () => dataOf<{ id: string }>(call(app, { method: "POST", url: "/api/v1/projects", token: owner.token, payload: { name: `Matrix project ${unique()}` } }), 201, "project"),
    paymentMethod: () =>
      dataOf<{ id: string }>(
        call(app, { method: "POST", url: "/api/v1/payment-methods", token: owner.token, payload: { holderName: "Bea Owner", brand: "visa", last4: "4242", expMonth: 12, expYear: 2099 } }),
        201,
        "payment method",
      ),
    /** B's new order of the plan, waiting for an offer. */
    order: () => dataOf<Order>(call(app, { method: "POST", url: "/api/v1/orders", token: owner.token, payload: { planId: plan.id } }), 201, "order"),
    async offeredOrder(): Promise<Order> {
      const order = await fresh.order();
      return dataOf<Order>(call(app, { method: "POST", url: `/api/v1/orders/${order.id}/offer`, token: admin, payload: fresh.offerBody() }), 200, "offer");
    },
    async acceptedOrder(): Promise<Order> {
      const order = await fresh.offeredOrder();
      return dataOf<Order>(call(app, { method: "POST", url: `/api/v1/orders/${order.id}/accept`, token: owner.token }), 200, "acceptance");
    },
    offerBody: () => ({ validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(), unitPrice: 90 }),
    licenseRequest: () =>
      dataOf<LicenseRequest>(call(app, { method: "POST", url: "/api/v1/license-requests", token: owner.token, payload: { planId: plan.id, quantity: 1 } }), 201, "licence request"),
    async license(): Promise<License> {
      const request = await fresh.licenseRequest();
      const approved = await dataOf<LicenseRequest>(call(app, { method: "POST", url: `/api/v1/license-requests/${request.id}/approve`, token: admin }), 200, "approval");
      return dataOf<License>(call(app, { method: "GET", url: `/api/v1/licenses/${approved.licenseIds[0]}`, token: owner.token }), 200, "licence");
    },
    async deactivatedLicense(): Promise<License> {
      const license = await fresh.license();
      return dataOf<License>(call(app, { method: "POST", url: `/api/v1/licenses/${license.id}/deactivate`, token: admin }), 200, "deactivation");
    },
    /** A new licence of B verified for this update. */
    async verifiedLicense(updateId: string): Promise<License> {
      const license = await fresh.license();
      await dataOf(call(app, { method: "POST", url: `/api/v1/updates/${updateId}/verifications`, token: admin, payload: { licenseId: license.id } }), 200, "verification");
      return license;
    },
    /** Activates an installation of B's licence through the .req flow: the licence token and the installation. */
    async installation(license: License) {
      const file = `${license.key}\n${JSON.stringify({ hostname: `matrix-host-${++host}`, version: "0.1.0" })}\n`;
      const answer = await dataOf<{ licenseToken: string; installation: { id: string } }>(
        call(app, { method: "POST", url: "/api/v1/req/auth", token: owner.token, ...multipartForm({}, [{ field: "file", name: "install.req", content: Buffer.from(file) }]) }),
        200,
        ".req",
      );
      return { licenseToken: answer.licenseToken, installationId: answer.installation.id };
    },
    ticket: (status: "open" | "resolved" = "open") => ticketOf(status),
    /** The form of a new update's first step: the two packages, each unique. */
    async updateForm() {
      const files = ["backend", "frontend"].map((kind) => ({ field: kind, name: `${kind}.zip`, content: zipOf([{ name: "README.txt", data: `${kind} ${unique()}`, deflate: true }]), type: "application/zip" }));
      return multipartForm({}, files);
    },
    draft: async () => dataOf<Update>(call(app, { method: "POST", url: "/api/v1/updates", token: admin, ...(await fresh.updateForm()) }), 201, "draft"),
    async draftWithCommands() {
      const draft = await fresh.draft();
      await dataOf(call(app, { method: "PUT", url: `/api/v1/updates/${draft.id}/commands`, token: admin, payload: { commands: ["systemctl restart app"] } }), 200, "commands");
      return draft;
    },
    /** A published update on the beta channel (no licence of the world follows it), for calls that withdraw it. */
    async publishedUpdate() {
      const draft = await fresh.draftWithCommands();
      return dataOf<Update>(call(app, { method: "PUT", url: `/api/v1/updates/${draft.id}/changelog`, token: admin, payload: { ...fresh.changelog(), channel: "beta" } }), 200, "publish");
    },
    /** A version above every one published so far. */
    nextVersion: () => `${++version}.0.0`,
    changelog: () => {
      const next = fresh.nextVersion();
      return { header: `Release ${next}`, version: next, type: "minor", changeLog: `- matrix ${next}` };
    },
    /** A new API token of B's (read only), for calls that revoke one. */
    apiToken: async () => (await createApiTokenFor(app, owner.token, ["read"])).token,
    async faqEntry(categoryId: string) {
      return dataOf<{ id: string }>(call(app, { method: "POST", url: "/api/v1/faq", token: admin, payload: { categoryId, question: { en: `Why ${unique()}?` }, answer: { en: "Because." } } }), 201, "faq entry");
    },
  };

  function planBody() {
    return { name: `Matrix plan ${unique()}`, price: 100, currency: "USD", billingPeriod: "yearly", durationDays: 365, maxActivations: 1000, maxReleasesPer30Days: 1000 };
  }

  async function ticketOf(status: "open" | "resolved"): Promise<Ticket> {
    const ticket = await dataOf<Ticket>(
      call(app, { method: "POST", url: "/api/v1/tickets", token: owner.token, payload: { subject: `Matrix ${unique()}`, type: "technical", priority: "low", message: "It stopped." } }),
      201,
      "ticket",
    );
    if (status === "open") return ticket;
    return dataOf<Ticket>(call(app, { method: "POST", url: `/api/v1/tickets/${ticket.id}/resolve`, token: admin }), 200, "resolve");
  }

  return Object.assign(fresh, { planBody });
}

export async function buildWorld(testApp: TestApp): Promise<World> {
  const { app } = testApp;
  const admin = await adminToken(app);
  const owner = await createCustomer(testApp, { firstname: "Bea" });
  const other = await createCustomer(testApp, { firstname: "Abe" });
  const feature = await dataOf<{ id: string }>(call(app, { method: "POST", url: "/api/v1/features", token: admin, payload: { name: `Matrix feature ${unique()}`, price: 5 } }), 201, "feature");
  const plan = await dataOf<Plan>(
    call(app, {
      method: "POST",
      url: "/api/v1/plans",
      token: admin,
      payload: { name: `Matrix plan ${unique()}`, price: 100, currency: "USD", billingPeriod: "yearly", durationDays: 365, maxActivations: 1000, maxReleasesPer30Days: 1000, featureIds: [feature.id] },
    }),
    201,
    "plan",
  );
  const fresh = factories(testApp, admin, owner, plan);
  const service = await fresh.service();
  const customPlan = await dataOf<Plan>(call(app, { method: "POST", url: "/api/v1/plans/custom", token: owner.token, payload: { featureIds: [feature.id] } }), 201, "custom plan");
  const project = await fresh.project();
  const license = await fresh.license();
  const { licenseToken, installationId } = await fresh.installation(license);
  const licenseRequest = await fresh.licenseRequest();
  await dataOf(
    call(app, { method: "PUT", url: "/api/v1/billing-address", token: owner.token, payload: { line1: "1 Matrix Way", city: "Istanbul", postalCode: "34000", country: "TR", taxLocation: "Kadikoy" } }),
    200,
    "billing address",
  );
  const order = await fresh.offeredOrder();

  const ticket = await dataOf<Ticket>(
    call(app, {
      method: "POST",
      url: "/api/v1/tickets",
      token: owner.token,
      ...multipartForm({ subject: "Matrix ticket", type: "technical", priority: "low", message: "See the log." }, [{ name: "log.txt", content: Buffer.from("log line\n"), type: "text/plain" }]),
    }),
    201,
    "ticket with attachment",
  );
  const attachmentId = ticket.messages[0]!.attachments[0]!.id;

  const notifications = await dataOf<Page<{ id: string }>>(call(app, { method: "GET", url: "/api/v1/notifications", token: owner.token }), 200, "notifications");
  if (!notifications.items[0]) throw new Error("fixture: the licence approval left customer B no notification");

  const draft = await fresh.draftWithCommands();
  await dataOf(call(app, { method: "POST", url: `/api/v1/updates/${draft.id}/verifications`, token: admin, payload: { licenseId: license.id } }), 200, "verification");
  // On the beta channel, which no licence follows: B's licence has it by its verification alone, A's none.
  const update = await dataOf<Update>(call(app, { method: "PUT", url: `/api/v1/updates/${draft.id}/changelog`, token: admin, payload: { ...fresh.changelog(), channel: "beta" } }), 200, "publish");

  const categories = await dataOf<FaqCategoryAdmin[]>(call(app, { method: "GET", url: "/api/v1/faq/categories", token: admin }), 200, "faq categories");
  const faqCategory = categories[0]!;
  const faqEntry = await fresh.faqEntry(faqCategory.id);
  // The system authenticator exists, so reading its current code can succeed.
  await dataOf(call(app, { method: "POST", url: "/api/v1/mfa/provisioning", token: admin }), 200, "mfa provisioning");

  return {
    testApp,
    admin,
    owner,
    other,
    plan,
    featureId: feature.id,
    serviceId: service.id,
    customPlan,
    projectId: project.id,
    license,
    installationId,
    licenseToken,
    licenseRequestId: licenseRequest.id,
    orderId: order.id,
    ticketId: ticket.id,
    attachmentId,
    notificationId: notifications.items[0].id,
    update,
    faqEntryId: faqEntry.id,
    faqCategory,
    fresh,
  };
}
