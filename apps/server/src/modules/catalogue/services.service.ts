import type { Service, serviceBodySchema } from "@portal/contract";
import type { z } from "zod";
import { services, type ServiceRow } from "../../db/schema/index.js";
import { presentService } from "./catalogue.presenters.js";
import { catalogueItems } from "./catalogue-items.js";

type ServiceInput = z.output<typeof serviceBodySchema>;

const serviceItems = catalogueItems<ServiceRow, ServiceInput, Service>({
  table: services,
  kind: "service",
  nameConstraint: "services_name_key",
  inUseCode: "catalogue/service_in_use",
  sortColumns: { name: services.name, createdAt: services.createdAt },
  columns: (input) => ({ name: input.name, description: input.description }),
  present: presentService,
});

export const listServices = serviceItems.list;
export const createService = serviceItems.create;
export const updateService = serviceItems.update;
export const deleteService = serviceItems.remove;
