import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./client.js";
import { features, planFeatures, planServices, plans, services, users } from "./schema/index.js";
import { hashPassword } from "../lib/passwords.js";
import { recordAudit } from "../modules/audit/audit.service.js";

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

/** Loads the demo catalogue and a demo customer; running it again adds nothing. */
export async function seedDemo(db: Database): Promise<{ created: boolean }> {
  const [existing] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, "Professional")).limit(1);
  if (existing) return { created: false };
  const customerHash = await hashPassword(DEMO_CUSTOMER.password);

  await db.transaction(async (tx) => {
    const featureRows = await tx.insert(features).values([...DEMO_FEATURES]).onConflictDoNothing().returning();
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
  return { created: true };
}
