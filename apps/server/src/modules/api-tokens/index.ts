/** API tokens (`pt_…`): their management and the batched record of their last use. */
export { apiTokenRoutes } from "./api-tokens.routes.js";
export { TokenUsageRecorder, TOKEN_USAGE_FLUSH_INTERVAL_MS } from "./token-usage.js";
