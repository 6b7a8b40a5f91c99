import { asc, desc, eq, ilike, sql } from "drizzle-orm";
import type { Page, Service, serviceBodySchema, serviceListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { services } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { isForeignKeyViolation, uniqueViolationConstraint } from "../../lib/db-errors.js";
import { containsPattern, pageWindow, toPage } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../audit/audit.service.js";
import { presentService } from "./catalogue.presenters.js";

type ServiceInput = z.output<typeof serviceBodySchema>;
type ServiceQuery = z.output<typeof serviceListQuerySchema>;

const sortColumns = { name: services.name, createdAt: services.createdAt } as const;

export function listServices(db: Database, query: ServiceQuery): Promise<Page<Service>> {
  const where = query.q ? ilike(services.name, containsPattern(query.q)) : undefined;
  const direction = query.order === "asc" ? asc : desc;
  const { limit, offset } = pageWindow(query);
  return toPage(
    query,
    db.select().from(services).where(where).orderBy(direction(sortColumns[query.sort]), direction(services.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(services).where(where),
    presentService,
  );
}

function nameTaken(error: unknown): never {
  if (uniqueViolationConstraint(error) === "services_name_key") throw new AppError("catalogue/name_taken");
  throw error;
}

export async function createService(db: Database, input: ServiceInput, context: RequestContext): Promise<Service> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(services).values({ name: input.name, description: input.description }).returning();
      await recordAudit(tx, context, { action: "service.created", targetType: "service", targetId: row!.id, details: { name: input.name } });
      return presentService(row!);
    });
  } catch (error) {
    nameTaken(error);
  }
}

export async function updateService(db: Database, id: string, input: ServiceInput, context: RequestContext): Promise<Service> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(services)
        .set({ name: input.name, description: input.description, updatedAt: sql`now()` })
        .where(eq(services.id, id))
        .returning();
      if (!row) throw new AppError("common/not_found");
      await recordAudit(tx, context, { action: "service.updated", targetType: "service", targetId: id, details: { name: input.name } });
      return presentService(row);
    });
  } catch (error) {
    nameTaken(error);
  }
}

export async function deleteService(db: Database, id: string, context: RequestContext): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(services).where(eq(services.id, id)).returning({ name: services.name });
      if (!row) throw new AppError("common/not_found");
      await recordAudit(tx, context, { action: "service.deleted", targetType: "service", targetId: id, details: { name: row.name } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("catalogue/service_in_use");
    throw error;
  }
}
