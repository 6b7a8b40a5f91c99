import { AppShell, Box } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useNavigate } from "react-router";
import { FullPageLoader } from "@/components/full-page-loader";
import { UserSettingsSync } from "@/features/settings/components/user-settings-sync";
import { logout, useUser } from "@/lib/auth";
import { SIDEBAR_MINIMIZED_WIDTH_PX, SIDEBAR_WIDTH_PX } from "@/lib/config";
import { paths } from "@/lib/paths";
import { useCurrentTitleKey } from "../route-handle";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AppBreadcrumbs } from "./app-breadcrumbs";
import { NavigationProgress } from "./navigation-progress";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";
import { useSidebar } from "./use-sidebar";
import classes from "./main-layout.module.css";

/** False until `value` is first true, then true for good. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** Top bar, collapsible sidebar (280px; a full-width overlay below md), breadcrumbs, the page. */
export function MainLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const sidebar = useSidebar();
  // On a phone the sidebar is a closed overlay: its links (two dozen, with tooltips) are rendered the
  // first time it opens, not as part of every first page render; then they stay.
  const sidebarRendered = useOnceTrue(!(sidebar.narrow && sidebar.minimized));
  const titleKey = useCurrentTitleKey();
  useDocumentTitle(titleKey ? t(titleKey) : undefined);

  // RequireAuth renders this layout only once the user is loaded.
  if (!user) return <FullPageLoader />;

  const handleLogout = async () => {
    await logout(queryClient);
    await navigate(paths.auth.login, { replace: true });
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: sidebar.rail ? SIDEBAR_MINIMIZED_WIDTH_PX : SIDEBAR_WIDTH_PX,
        breakpoint: "md",
        collapsed: { mobile: sidebar.minimized, desktop: false },
      }}
      padding={{ base: "md", md: "lg" }}
      className={classes.shell}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t("app.skipToContent")}
      </a>
      <NavigationProgress />
      <UserSettingsSync />
      <AppShell.Header>
        <TopBar
          user={user}
          narrow={sidebar.narrow}
          minimized={sidebar.minimized}
          onToggleSidebar={sidebar.toggle}
          onLogout={() => void handleLogout()}
        />
      </AppShell.Header>
      <AppShell.Navbar inert={sidebar.narrow && sidebar.minimized} data-testid="sidebar" data-minimized={sidebar.minimized}>
        {sidebarRendered && <Sidebar isAdmin={user.isAdmin} rail={sidebar.rail} />}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Box maw={1400} mx="auto">
          <AppBreadcrumbs />
          <Suspense fallback={<FullPageLoader minHeight="40vh" />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

export { MainLayout as Component };
