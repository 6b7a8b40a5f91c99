import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client.js";
import { DEMO_CUSTOMER, DEMO_FEATURES, DEMO_PLANS, DEMO_TICKETS, seedDemo } from "./demo.js";
import { planFeatures, plans, ticketMessages, tickets, users } from "./schema/index.js";
import { verifyPassword } from "../lib/passwords.js";
import { openTestDatabase } from "../test/helpers.js";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe("SEED_DEMO", () => {
  it("loads the FAQ's products as a living catalogue, once", async () => {
    expect(await seedDemo(database.db)).toEqual({ created: true });
    expect(await seedDemo(database.db)).toEqual({ created: false });
    const planRows = await database.db.select().from(plans);
    expect(planRows.map((plan) => plan.name).sort()).toEqual(DEMO_PLANS.map((plan) => plan.name).sort());
    const [links] = await database.db.select({ count: sql<number>`count(*)::int` }).from(planFeatures);
    expect(links?.count).toBe(DEMO_PLANS.reduce((sum, plan) => sum + plan.features.length, 0));
    expect(DEMO_FEATURES.length).toBe(6);
    const [customer] = await database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(customer).toMatchObject({ status: "active", isAdmin: false });
    expect(await verifyPassword(customer!.passwordHash, DEMO_CUSTOMER.password)).toBe(true);

    const ticketRows = await database.db.select().from(tickets).where(eq(tickets.userId, customer!.id));
    expect(ticketRows.map((ticket) => ticket.status).sort()).toEqual(["closed", "in_progress", "open", "resolved"]);
    expect(ticketRows).toHaveLength(DEMO_TICKETS.length);
    const [notes] = await database.db.select({ count: sql<number>`count(*)::int` }).from(ticketMessages).where(eq(ticketMessages.internal, true));
    expect(notes?.count).toBeGreaterThanOrEqual(1);
  });
});
