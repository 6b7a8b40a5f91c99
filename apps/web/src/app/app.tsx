import { RouterProvider } from "react-router/dom";
import { onUnauthorized, setLoginNavigator } from "@/lib/api-client";
import { forgetServerData, hasToken, meQueryOptions, rememberCurrentUser } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { Providers } from "./providers";
import { createAppRouter } from "./router";

const queryClient = createQueryClient();
const router = createAppRouter();

rememberCurrentUser(queryClient);
// A 401 anywhere: the token is already gone; drop the cached user and go to login without a reload.
onUnauthorized(() => forgetServerData(queryClient));
setLoginNavigator((path) => void router.navigate(path, { replace: true }));
// The guard asks who is logged in only once the page's chunks are there: ask now, beside them.
if (hasToken()) void queryClient.prefetchQuery(meQueryOptions());

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
