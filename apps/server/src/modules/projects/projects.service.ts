import { and, eq, ilike, sql } from "drizzle-orm";
import type { Page, Project, projectBodySchema, projectListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { projects, type ProjectRow } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { isForeignKeyViolation, uniqueViolationConstraint } from "../../lib/db-errors.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPage } from "../../lib/pagination.js";
import type { RequestContext } from "../../lib/request-context.js";
import { recordAudit } from "../../db/audit.js";

type ProjectInput = z.output<typeof projectBodySchema>;
type ProjectQuery = z.output<typeof projectListQuerySchema>;

const sortColumns = { name: projects.name, createdAt: projects.createdAt } as const;

export function presentProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every look-up is scoped to the owner: another customer's project simply does not exist (404). */
const owned = (ownerId: string, id: string) => and(eq(projects.id, id), eq(projects.ownerId, ownerId));

function nameTaken(error: unknown): never {
  if (uniqueViolationConstraint(error) === "projects_owner_name_key") throw new AppError("project/name_taken");
  throw error;
}

export function listProjects(db: Database, ownerId: string, query: ProjectQuery): Promise<Page<Project>> {
  const where = and(eq(projects.ownerId, ownerId), query.q ? ilike(projects.name, containsPattern(query.q)) : undefined);
  const { limit, offset } = pageWindow(query);
  return toPage(
    query,
    db.select().from(projects).where(where).orderBy(...pageOrder(query.order, sortColumns[query.sort], projects.id)).limit(limit).offset(offset),
    db.select(countRows()).from(projects).where(where),
    presentProject,
  );
}

export async function getProject(db: Database, ownerId: string, id: string): Promise<Project> {
  const [row] = await db.select().from(projects).where(owned(ownerId, id)).limit(1);
  if (!row) throw new AppError("common/not_found");
  return presentProject(row);
}

export async function createProject(db: Database, ownerId: string, input: ProjectInput, context: RequestContext): Promise<Project> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(projects).values({ ownerId, name: input.name, description: input.description ?? "" }).returning();
      await recordAudit(tx, context, { action: "project.created", targetType: "project", targetId: row!.id, details: { name: input.name } });
      return presentProject(row!);
    });
  } catch (error) {
    nameTaken(error);
  }
}

export async function updateProject(db: Database, ownerId: string, id: string, input: ProjectInput, context: RequestContext): Promise<Project> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(projects)
        .set({ name: input.name, ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: sql`now()` })
        .where(owned(ownerId, id))
        .returning();
      if (!row) throw new AppError("common/not_found");
      await recordAudit(tx, context, { action: "project.updated", targetType: "project", targetId: id, details: { name: input.name } });
      return presentProject(row);
    });
  } catch (error) {
    nameTaken(error);
  }
}

export async function deleteProject(db: Database, ownerId: string, id: string, context: RequestContext): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(projects).where(owned(ownerId, id)).returning({ name: projects.name });
      if (!row) throw new AppError("common/not_found");
      await recordAudit(tx, context, { action: "project.deleted", targetType: "project", targetId: id, details: { name: row.name } });
    });
  } catch (error) {
    // Licences hold their project with ON DELETE RESTRICT.
    if (isForeignKeyViolation(error)) throw new AppError("project/has_licenses");
    throw error;
  }
}
