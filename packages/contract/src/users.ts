import { z } from "zod";
import { messageOf } from "./messages.js";
import { listQuerySchema } from "./common.js";
import { firstnameField, lastnameField, userStatus } from "./auth.js";

export const userSortFields = ["d_created", "email", "userName", "firstname", "lastname", "status"] as const;

export const userListQuerySchema = listQuerySchema(userSortFields, { sort: "d_created", order: "desc" }).extend({
  status: userStatus.optional(),
  /** `true`: administrators only (a ticket's assignee picker); `false`: customers only. */
  isAdmin: z.enum(["true", "false"], { error: messageOf("validation.trueOrFalse", { label: "isAdmin" }) }).transform((value) => value === "true").optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** What an administrator may change on an account; lock and unlock have their own calls. */
export const userPatchBodySchema = z
  .strictObject({
    firstname: firstnameField.optional(),
    lastname: lastnameField.optional(),
    isAdmin: z.boolean({ error: messageOf("validation.trueOrFalse", { label: "isAdmin" }) }).optional(),
    status: z.enum(["active", "disabled"], { error: messageOf("accounts.validation.userStatus") }).optional(),
  })
  .meta({ id: "UserPatchBody" });
export type UserPatchBody = z.input<typeof userPatchBodySchema>;
