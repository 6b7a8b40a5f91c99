import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "Cada escopo deve ser um dos escopos listados",
    scopesRequired: "Escolha pelo menos um escopo",
    expiresAtPast: "A data de expiração deve estar no futuro",
  },
};

export default apiTokens;
