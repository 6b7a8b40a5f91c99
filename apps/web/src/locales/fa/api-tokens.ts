import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "هر دسترسی باید یکی از دسترسی‌های فهرست باشد",
    scopesRequired: "دست‌کم یک دسترسی برگزینید",
    expiresAtPast: "تاریخ انقضا باید در آینده باشد",
  },
};

export default apiTokens;
