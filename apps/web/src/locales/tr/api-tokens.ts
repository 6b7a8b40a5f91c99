import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "Her kapsam listelenen kapsamlardan biri olmalıdır",
    scopesRequired: "En az bir kapsam seçin",
    expiresAtPast: "Son kullanma tarihi gelecekte olmalıdır",
  },
};

export default apiTokens;
