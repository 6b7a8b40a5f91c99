import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useEffect } from "react";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { FullPageLoader } from "@/components/full-page-loader";
import { endSession, hasToken, meQueryOptions } from "@/lib/auth";
import { decideGuestRoute, decideProtectedRoute, type CurrentUserState, type GuardDecision } from "./guard-logic";
import { useRouteHandles } from "./route-handle";

function Decision({ decision }: { decision: GuardDecision }) {
  const queryClient = useQueryClient();
  const mustEnd = decision.action === "redirect" && decision.endSession === true;
  useEffect(() => {
    if (mustEnd) endSession(queryClient);
  }, [mustEnd, queryClient]);
  if (decision.action === "redirect") return <Navigate to={decision.to} replace />;
  if (decision.action === "load") return <FullPageLoader />;
  return <Outlet />;
}

/** /auth/*: a visitor who already has a token goes on to the dashboard (or the asked-for page). */
export function GuestOnly() {
  const [params] = useSearchParams();
  return <Decision decision={decideGuestRoute({ hasToken: hasToken(), redirectParam: params.get("redirect") })} />;
}

/** Every page of the main layout; admin branches (handle.requiresAdmin) also need isAdmin. */
export function RequireAuth() {
  const location = useLocation();
  const handles = useRouteHandles();
  const tokenPresent = hasToken();
  const me = useQuery({ ...meQueryOptions(), enabled: tokenPresent });
  // The query's answer arrives as an urgent update, and rendering the whole layout and page for it
  // would hold the main thread in one long task; deferred, React renders them in interruptible slices
  // while the loader stays up.
  const status = useDeferredValue(me.status);
  const user: CurrentUserState =
    status === "success" && me.data
      ? { status: "success", user: me.data, remembered: me.dataUpdatedAt === 0 }
      : status === "error"
        ? { status: "error" }
        : { status: "pending" };
  const decision = decideProtectedRoute({
    hasToken: tokenPresent,
    user,
    requiresAdmin: handles.some((entry) => entry.handle.requiresAdmin),
    fullPath: `${location.pathname}${location.search}${location.hash}`,
  });
  return <Decision decision={decision} />;
}
