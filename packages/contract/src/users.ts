import type { z } from "zod";
import { listQuerySchema } from "./common.js";
import { userStatus } from "./auth.js";

export const userSortFields = ["d_created", "email", "userName", "firstname", "lastname", "status"] as const;

export const userListQuerySchema = listQuerySchema(userSortFields, { sort: "d_created", order: "desc" }).extend({
  status: userStatus.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
