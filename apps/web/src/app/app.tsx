import { onUnauthorized, setLoginNavigator } from "@/lib/api-client";
import { forgetServerData, hasToken, meQueryOptions, rememberCurrentUser } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { AppRouter, replaceLocation } from "./app-router";
import { preloadRoutes } from "./lazy-route";
import { Providers } from "./providers";
import { routes } from "./router";

const queryClient = createQueryClient();

rememberCurrentUser(queryClient);
// A 401 anywhere: the token is already gone; drop the cached user and go to login without a reload.
onUnauthorized(() => forgetServerData(queryClient));
setLoginNavigator(replaceLocation);
/** The first page's chunks (layout and page) and who is logged in: asked for at once, side by side. */
export function preloadFirstPage(): void {
  preloadRoutes(routes, window.location.pathname);
  if (hasToken()) void queryClient.prefetchQuery(meQueryOptions());
}

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <AppRouter routes={routes} />
    </Providers>
  );
}
