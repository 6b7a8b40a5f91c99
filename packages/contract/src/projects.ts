import { z } from "zod";
import { descriptionField, listQuerySchema, requiredText, timestamp } from "./common.js";

export const projectSchema = z
  .object({ id: z.uuid(), name: z.string(), description: z.string(), createdAt: timestamp, updatedAt: timestamp })
  .meta({ id: "Project" });
export type Project = z.infer<typeof projectSchema>;

export const projectBodySchema = z
  .strictObject({
    name: requiredText("Name", 120),
    description: descriptionField.optional(),
  })
  .meta({ id: "ProjectBody" });
export type ProjectBody = z.input<typeof projectBodySchema>;

export const projectListQuerySchema = listQuerySchema(["name", "createdAt"] as const, { sort: "createdAt", order: "desc" });
