import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { DemoRequest, Page, demoRequestBodySchema, demoRequestListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { demoRequests, users, type DemoRequestRow } from "../../db/schema/index.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPage } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";
import { notify } from "../notifications/index.js";

type DemoRequestInput = z.output<typeof demoRequestBodySchema>;
type DemoRequestQuery = z.output<typeof demoRequestListQuerySchema>;

/** Where an administrator's notification of a demo request points (the FAQ's admin tab, searched by address). */
export const demoRequestsLink = (email: string) => `/faq/demo-requests?q=${encodeURIComponent(email)}`;

const sortColumns = {
  createdAt: demoRequests.createdAt,
  email: demoRequests.email,
  name: demoRequests.name,
  company: demoRequests.company,
  product: demoRequests.product,
} as const;

function presentDemoRequest(row: DemoRequestRow): DemoRequest {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company: row.company,
    product: row.product,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

const orNull = (text: string | undefined) => (text ? text : null);

/**
 * Stores a demo request (anyone may send one; `actorId` when logged in) with its audit event and an
 * in-app notification (and e-mail, where their settings ask for it) to every active administrator,
 * in one transaction. Wake the mail runner after the commit.
 */
export async function createDemoRequest(db: Database, input: DemoRequestInput, context: RequestContext, publicUrl: string): Promise<DemoRequest> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(demoRequests)
      .values({
        email: input.email,
        name: orNull(input.name),
        company: orNull(input.company),
        product: orNull(input.product),
        message: orNull(input.message),
        userId: context.actorId,
        ip: context.ip,
      })
      .returning();
    await recordAudit(tx, context, { action: "demo_request.created", targetType: "demo_request", targetId: row!.id, details: { email: row!.email } });
    const admins = await tx
      .select({ id: users.id, email: users.email, firstname: users.firstname })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.status, "active")))
      .orderBy(asc(users.createdAt));
    const who = [row!.name, row!.company].filter(Boolean).join(", ");
    const body = `${who ? `${who} (${row!.email})` : row!.email} asked for a demo${row!.product ? ` of ${row!.product}` : ""}.`;
    for (const admin of admins) {
      await notify(tx, admin, { type: "messaging", title: "New demo request", body, link: demoRequestsLink(row!.email) }, publicUrl);
    }
    return presentDemoRequest(row!);
  });
}

export function listDemoRequests(db: Database, query: DemoRequestQuery): Promise<Page<DemoRequest>> {
  const search = query.q ? containsPattern(query.q) : undefined;
  const where = search
    ? or(
        ilike(demoRequests.email, search),
        ilike(demoRequests.name, search),
        ilike(demoRequests.company, search),
        ilike(demoRequests.product, search),
        ilike(demoRequests.message, search),
      )
    : undefined;
  const { limit, offset } = pageWindow(query);
  // Names and addresses sort case-insensitively.
  const sortBy = query.sort === "createdAt" ? demoRequests.createdAt : sql`lower(${sortColumns[query.sort]})`;
  return toPage(
    query,
    db.select().from(demoRequests).where(where).orderBy(...pageOrder(query.order, sortBy, demoRequests.id)).limit(limit).offset(offset),
    db.select(countRows()).from(demoRequests).where(where),
    presentDemoRequest,
  );
}
