import { and, eq, ilike, or } from "drizzle-orm";
import type { Page, WebhookDelivery, WebhookEndpoint, webhookDeliveryListQuerySchema, webhookEndpointListQuerySchema } from "@portal/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema/index.js";
import { AppError } from "../../lib/app-error.js";
import { containsPattern, countRows, pageOrder, pageWindow, toPage } from "../../lib/pagination.js";
import { presentDelivery, presentEndpoint } from "./webhooks.presenters.js";

type EndpointQuery = z.output<typeof webhookEndpointListQuerySchema>;
type DeliveryQuery = z.output<typeof webhookDeliveryListQuerySchema>;

const endpointSort = { createdAt: webhookEndpoints.createdAt, url: webhookEndpoints.url } as const;

/** Every endpoint (they belong to the portal, not to one administrator); `q` searches the URL and description. */
export function listEndpoints(db: Database, query: EndpointQuery): Promise<Page<WebhookEndpoint>> {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const where = pattern ? or(ilike(webhookEndpoints.url, pattern), ilike(webhookEndpoints.description, pattern)) : undefined;
  const { limit, offset } = pageWindow(query);
  return toPage(
    query,
    db.select().from(webhookEndpoints).where(where).orderBy(...pageOrder(query.order, endpointSort[query.sort], webhookEndpoints.id)).limit(limit).offset(offset),
    db.select(countRows()).from(webhookEndpoints).where(where),
    presentEndpoint,
  );
}

export async function getEndpoint(db: Database, id: string): Promise<WebhookEndpoint> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!row) throw new AppError("webhook/not_found");
  return presentEndpoint(row);
}

/** An endpoint's deliveries, newest first by default, read along its (endpoint, created) index; `q` finds an event id or type. */
export async function listDeliveries(db: Database, endpointId: string, query: DeliveryQuery): Promise<Page<WebhookDelivery>> {
  await getEndpoint(db, endpointId);
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.type ? eq(webhookDeliveries.type, query.type) : undefined,
    query.q ? ilike(webhookDeliveries.type, containsPattern(query.q)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  return toPage(
    query,
    db.select().from(webhookDeliveries).where(where).orderBy(...pageOrder(query.order, webhookDeliveries.createdAt, webhookDeliveries.id)).limit(limit).offset(offset),
    db.select(countRows()).from(webhookDeliveries).where(where),
    presentDelivery,
  );
}
