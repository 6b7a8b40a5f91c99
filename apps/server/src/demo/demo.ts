import { Readable } from "node:stream";
import { featureCodeFromName } from "@portal/contract";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import yazl from "yazl";
import { recordAudit } from "../db/audit.js";
import type { Database } from "../db/client.js";
import { features, licenseFeatures, licenses, planFeatures, planServices, plans, services, ticketMessages, tickets, updates, users } from "../db/schema/index.js";
import type { FileStore } from "../lib/file-store.js";
import { hashPassword } from "../lib/passwords.js";
import type { RequestContext } from "../lib/request-context.js";
import type { Signer } from "../lib/signing.js";
import { seedDemoFaq } from "./faq.js";
import type { Mailing } from "../modules/jobs/index.js";
import { licensePolicyOf, newLicenseKey } from "../modules/licenses/index.js";
import { createDraft, publishUpdate, setCommands, setVerification } from "../modules/updates/index.js";

/** The products the FAQ names, as features a plan can bundle. */
export const DEMO_FEATURES = [
  { name: "Network Access Control", description: "Who and what may join the network, enforced at the port.", priceCents: 49_900 },
  { name: "Wi-Fi Access Gateway", description: "Guest and staff Wi-Fi with captive portal and per-user policies.", priceCents: 29_900 },
  { name: "Voice Platform", description: "IP telephony: extensions, trunks, IVR and call recording.", priceCents: 39_900 },
  { name: "Log Management", description: "Central log collection, retention and signed archives for audits.", priceCents: 34_900 },
  { name: "Threat Analytics (preview)", description: "In development: anomaly detection over network and log data.", priceCents: 19_900 },
  { name: "Endpoint Inventory (preview)", description: "In development: discovery and inventory of every connected device.", priceCents: 14_900 },
] as const;

export const DEMO_SERVICES = [
  { name: "Installation", description: "On-site or remote installation by our engineers." },
  { name: "Training", description: "Administrator training, online or at your office." },
  { name: "Premium support", description: "24/7 support line with a four-hour response time." },
  { name: "Consulting", description: "Network design and compliance consulting." },
] as const;

export const DEMO_PLANS = [
  {
    name: "Starter",
    description: "One product for a single site.",
    priceCents: 49_900,
    billingPeriod: "yearly",
    durationDays: 365,
    maxActivations: 1,
    features: ["Network Access Control"],
    services: ["Installation"],
  },
  {
    name: "Professional",
    description: "Access control, Wi-Fi and logs for a growing company.",
    priceCents: 99_900,
    billingPeriod: "yearly",
    durationDays: 365,
    maxActivations: 3,
    features: ["Network Access Control", "Wi-Fi Access Gateway", "Log Management"],
    services: ["Installation", "Training"],
  },
  {
    name: "Enterprise",
    description: "Every product, every service, for many sites.",
    priceCents: 249_900,
    billingPeriod: "yearly",
    durationDays: 365,
    maxActivations: 25,
    features: ["Network Access Control", "Wi-Fi Access Gateway", "Voice Platform", "Log Management"],
    services: ["Installation", "Training", "Premium support", "Consulting"],
  },
  {
    name: "Monthly Voice",
    description: "The voice platform, billed monthly.",
    priceCents: 4_900,
    billingPeriod: "monthly",
    durationDays: 30,
    maxActivations: 1,
    features: ["Voice Platform"],
    services: [],
  },
] as const;

export const DEMO_CUSTOMER = { email: "customer@portal.local", password: "Demo-customer-1!" } as const;

/** What the demo's software update needs besides the database: the file store, the signing key, the mail queue. */
export interface DemoUpdateDeps {
  files: FileStore;
  signer: Signer;
  mailing: Mailing;
}

/**
 * Loads the demo catalogue, a demo customer and their support tickets, the FAQ, and (given the
 * update's dependencies) a licence with one published update verified for it; running it again adds
 * nothing.
 */
export async function seedDemo(db: Database, updateDeps?: DemoUpdateDeps): Promise<{ created: boolean }> {
  const catalogue = await seedDemoCatalogue(db);
  const ticketsAdded = await seedDemoTickets(db);
  const faqAdded = await seedDemoFaq(db);
  const updateAdded = updateDeps ? await seedDemoUpdate(db, updateDeps) : false;
  return { created: catalogue || ticketsAdded || faqAdded || updateAdded };
}

async function seedDemoCatalogue(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, "Professional")).limit(1);
  if (existing) return false;
  const customerHash = await hashPassword(DEMO_CUSTOMER.password);

  await db.transaction(async (tx) => {
    const featureRows = await tx.insert(features).values(DEMO_FEATURES.map((feature) => ({ ...feature, code: featureCodeFromName(feature.name) }))).onConflictDoNothing().returning();
    const serviceRows = await tx.insert(services).values([...DEMO_SERVICES]).onConflictDoNothing().returning();
    const featureId = new Map(
      (await tx.select().from(features).where(inArray(features.name, DEMO_FEATURES.map((f) => f.name)))).map((row) => [row.name, row.id]),
    );
    const serviceId = new Map(
      (await tx.select().from(services).where(inArray(services.name, DEMO_SERVICES.map((s) => s.name)))).map((row) => [row.name, row.id]),
    );
    for (const plan of DEMO_PLANS) {
      const { features: planFeatureNames, services: planServiceNames, ...columns } = plan;
      const [row] = await tx.insert(plans).values({ ...columns, currency: "USD", active: true }).returning({ id: plans.id });
      if (planFeatureNames.length) {
        await tx.insert(planFeatures).values(planFeatureNames.map((name) => ({ planId: row!.id, featureId: featureId.get(name)! })));
      }
      if (planServiceNames.length) {
        await tx.insert(planServices).values(planServiceNames.map((name) => ({ planId: row!.id, serviceId: serviceId.get(name)! })));
      }
    }
    await tx
      .insert(users)
      .values({
        email: DEMO_CUSTOMER.email,
        userName: "demo",
        firstname: "Demo",
        lastname: "Customer",
        passwordHash: customerHash,
        status: "active",
        emailVerifiedAt: sql`now()`,
        approvedAt: sql`now()`,
      })
      .onConflictDoNothing();
    await recordAudit(tx, { actorId: null, ip: null, userAgent: "server start" }, {
      action: "demo.seeded",
      details: { features: featureRows.length, services: serviceRows.length, plans: DEMO_PLANS.length },
    });
  });
  return true;
}

interface DemoMessage {
  from: "customer" | "support";
  hoursAfterOpening: number;
  body: string;
  internal?: boolean;
}

/** One ticket in every status, each with a short thread, so the resolution center is not empty in a demo. */
export const DEMO_TICKETS: {
  subject: string;
  type: string;
  priority: string;
  status: "open" | "in_progress" | "resolved" | "closed";
  daysAgo: number;
  messages: DemoMessage[];
}[] = [
  {
    subject: "Cannot activate the licence on a second server",
    type: "technical",
    priority: "high",
    status: "open",
    daysAgo: 1,
    messages: [{ from: "customer", hoursAfterOpening: 0, body: "Our Professional licence allows 3 activations, but the second server answers TOO_MANY_ACTIVATIONS. What can we do?" }],
  },
  {
    subject: "Captive portal shows a blank page on iOS",
    type: "technical",
    priority: "critical",
    status: "in_progress",
    daysAgo: 3,
    messages: [
      { from: "customer", hoursAfterOpening: 0, body: "Guests with iPhones see a blank page instead of the Wi-Fi login since yesterday." },
      { from: "support", hoursAfterOpening: 1, body: "Reproduced in the lab with iOS 18; looks like the CNA cache. Escalated to engineering.", internal: true },
      { from: "support", hoursAfterOpening: 2, body: "Thanks for the report. We can reproduce it and are working on a fix; as a workaround, please disable the HTTPS redirect." },
    ],
  },
  {
    subject: "Invoice shows the wrong VAT rate",
    type: "billing",
    priority: "medium",
    status: "resolved",
    daysAgo: 8,
    messages: [
      { from: "customer", hoursAfterOpening: 0, body: "Our last invoice shows 10% VAT, but we are in Turkey (20%)." },
      { from: "support", hoursAfterOpening: 5, body: "You are right: the tax location was wrong. We have corrected it and issued a new invoice." },
    ],
  },
  {
    subject: "Export logs as CSV",
    type: "feature_request",
    priority: "low",
    status: "closed",
    daysAgo: 20,
    messages: [
      { from: "customer", hoursAfterOpening: 0, body: "Could the log product export search results as CSV for our auditors?" },
      { from: "support", hoursAfterOpening: 20, body: "Good news: CSV export is available from version 4.2. Closing this request — thank you!" },
    ],
  },
];

/** The demo customer's tickets, once: nothing is added while they have any ticket. */
async function seedDemoTickets(db: Database): Promise<boolean> {
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email)).limit(1);
  if (!customer) return false;
  const [existing] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, customer.id)).limit(1);
  if (existing) return false;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, "active")))
    .orderBy(asc(users.createdAt))
    .limit(1);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_TICKETS) {
      const opened = sql`now() - ${`${demo.daysAgo} days`}::interval`;
      const at = (hours: number) => sql`${opened} + ${`${hours} hours`}::interval`;
      const firstReply = demo.messages.find((message) => message.from === "support" && !message.internal);
      const last = demo.messages.at(-1)!;
      const [ticket] = await tx
        .insert(tickets)
        .values({
          subject: demo.subject,
          type: demo.type,
          priority: demo.priority,
          status: demo.status,
          userId: customer.id,
          assigneeId: demo.status === "in_progress" ? (admin?.id ?? null) : null,
          firstResponseAt: firstReply ? at(firstReply.hoursAfterOpening) : null,
          createdAt: opened,
          updatedAt: at(last.hoursAfterOpening),
        })
        .returning({ id: tickets.id });
      for (const message of demo.messages) {
        await tx.insert(ticketMessages).values({
          ticketId: ticket!.id,
          authorId: message.from === "customer" ? customer.id : (admin?.id ?? null),
          authorRole: message.from === "customer" ? "user" : "admin",
          body: message.body,
          internal: message.internal ?? false,
          createdAt: at(message.hoursAfterOpening),
        });
      }
    }
    await recordAudit(tx, { actorId: null, ip: null, userAgent: "server start" }, { action: "demo.tickets_seeded", details: { tickets: DEMO_TICKETS.length } });
  });
  return true;
}

export const DEMO_UPDATE = {
  version: "1.0.0",
  type: "minor",
  header: "Welcome to portal updates",
  changeLog: "- First update delivered through the portal\n- Signed manifest and resumable downloads",
  commands: ["systemctl stop portal-app", "unzip -o backend.zip -d /opt/portal-app", "unzip -o frontend.zip -d /var/www/portal", "systemctl start portal-app"],
} as const;

const DEMO_CONTEXT: RequestContext = { actorId: null, ip: null, userAgent: "server start" };

/** A tiny real ZIP archive, for the demo update's packages. */
async function demoZip(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content, "utf8"), name, { mtime: new Date("2026-01-01T00:00:00Z") });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The demo customer's first live licence, or a Professional one issued for the demo. */
async function demoLicense(db: Database, customerId: string): Promise<string | undefined> {
  const [owned] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.ownerId, customerId), ne(licenses.status, "deactivated")))
    .limit(1);
  if (owned) return owned.id;
  const [plan] = await db.select().from(plans).where(eq(plans.name, "Professional")).limit(1);
  if (!plan) return undefined;
  return db.transaction(async (tx) => {
    const [license] = await tx
      .insert(licenses)
      .values({
        keyCompact: newLicenseKey(),
        ownerId: customerId,
        planId: plan.id,
        expiresAt: sql`now() + make_interval(days => ${plan.durationDays})`,
        maxActivations: plan.maxActivations,
        maxReleasesPer30Days: plan.maxReleasesPer30Days,
        ...licensePolicyOf(plan),
      })
      .returning({ id: licenses.id });
    const featureIds = await tx.select({ featureId: planFeatures.featureId }).from(planFeatures).where(eq(planFeatures.planId, plan.id));
    if (featureIds.length) await tx.insert(licenseFeatures).values(featureIds.map(({ featureId }) => ({ licenseId: license!.id, featureId })));
    await recordAudit(tx, DEMO_CONTEXT, { action: "demo.license_issued", targetType: "license", targetId: license!.id });
    return license!.id;
  });
}

/**
 * One published update verified for the demo customer's licence, through the same service calls an
 * administrator's wizard makes (so its manifest is signed and its package built); only while no update
 * exists at all.
 */
async function seedDemoUpdate(db: Database, deps: DemoUpdateDeps): Promise<boolean> {
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email)).limit(1);
  if (!customer) return false;
  const [existing] = await db.select({ id: updates.id }).from(updates).limit(1);
  if (existing) return false;
  const licenseId = await demoLicense(db, customer.id);
  if (!licenseId) return false;
  const packages = {
    backend: await demoZip({ "README.txt": "Demo backend package of the licence portal.\n", "server/app.js": "console.log('portal demo backend 1.0.0');\n" }),
    frontend: await demoZip({ "index.html": "<!doctype html><title>Portal demo</title><p>Demo frontend 1.0.0</p>\n" }),
  };
  const staged = [
    { kind: "backend" as const, name: "backend.zip", path: "backend.zip", file: await deps.files.stage(Readable.from([packages.backend])) },
    { kind: "frontend" as const, name: "frontend.zip", path: "frontend.zip", file: await deps.files.stage(Readable.from([packages.frontend])) },
  ];
  const draft = await createDraft(db, staged, DEMO_CONTEXT, deps);
  await setCommands(db, draft.id, { commands: [...DEMO_UPDATE.commands] }, DEMO_CONTEXT);
  await setVerification(db, draft.id, licenseId, true, DEMO_CONTEXT, deps);
  await publishUpdate(db, draft.id, { header: DEMO_UPDATE.header, version: DEMO_UPDATE.version, type: DEMO_UPDATE.type, changeLog: DEMO_UPDATE.changeLog }, DEMO_CONTEXT, deps);
  return true;
}
