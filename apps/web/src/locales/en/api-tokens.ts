/** API tokens (features/api-tokens). */
const apiTokens = {
  validation: {
    scope: "Each scope must be one of the listed scopes",
    scopesRequired: "Choose at least one scope",
    expiresAtPast: "Expires at must be in the future",
  },
};

export default apiTokens;
