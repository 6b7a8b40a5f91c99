import { z } from "zod";
import { listQuerySchema, requiredText } from "./common.js";
import { userStatus } from "./auth.js";

export const userSortFields = ["d_created", "email", "userName", "firstname", "lastname", "status"] as const;

export const userListQuerySchema = listQuerySchema(userSortFields, { sort: "d_created", order: "desc" }).extend({
  status: userStatus.optional(),
  /** `true`: administrators only (a ticket's assignee picker); `false`: customers only. */
  isAdmin: z.enum(["true", "false"], { error: "isAdmin must be true or false" }).transform((value) => value === "true").optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** What an administrator may change on an account; lock and unlock have their own calls. */
export const userPatchBodySchema = z
  .strictObject({
    firstname: requiredText("First name", 100).optional(),
    lastname: requiredText("Last name", 100).optional(),
    isAdmin: z.boolean({ error: "isAdmin must be true or false" }).optional(),
    status: z.enum(["active", "disabled"], { error: "Status must be active or disabled" }).optional(),
  })
  .meta({ id: "UserPatchBody" });
export type UserPatchBody = z.input<typeof userPatchBodySchema>;
