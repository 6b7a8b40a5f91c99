import type { Messages } from "../en";

const apiTokens: Messages["apiTokens"] = {
  validation: {
    scope: "Cada permiso debe ser uno de los de la lista",
    scopesRequired: "Elige al menos un permiso",
    expiresAtPast: "La fecha de caducidad debe ser futura",
  },
};

export default apiTokens;
