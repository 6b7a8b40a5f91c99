import { Box, Button, Divider, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton, useDirection } from "@mantine/core";
import { IconShieldLock, IconShoppingCart } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { paths } from "@/lib/paths";
import { useOutboxEnabled } from "@/features/outbox/api/outbox";
import { adminItems, dashboardItem, isActivePath, outboxItem, userItems, type NavItem } from "./nav-items";
import classes from "./sidebar.module.css";

interface SidebarProps {
  isAdmin: boolean;
  /** Large screen, minimized: icons only, labels in tooltips. */
  rail: boolean;
}

function RailLink({ item, active }: { item: NavItem; active: boolean }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const label = t(item.label);
  return (
    <Tooltip label={label} position={dir === "rtl" ? "left" : "right"} withArrow>
      <UnstyledButton
        component={Link}
        to={item.to}
        className={classes.railLink}
        data-active={active || undefined}
        aria-label={label}
        aria-current={active ? "page" : undefined}
      >
        <item.icon size={20} stroke={1.6} aria-hidden />
      </UnstyledButton>
    </Tooltip>
  );
}

function FullLink({ item, active }: { item: NavItem; active: boolean }) {
  const { t } = useTranslation();
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(item.label)}
      leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? "page" : undefined}
      className={classes.link}
    />
  );
}

/** Dashboard; Admin Panel group (admins only); then the user's entries; "Buy license" at the bottom. */
export function Sidebar({ isAdmin, rail }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { dir } = useDirection();
  const outboxEnabled = useOutboxEnabled(isAdmin);
  const admin = outboxEnabled ? [...adminItems, outboxItem] : adminItems;
  const adminActive = admin.some((item) => isActivePath(pathname, item.to)) || pathname.startsWith("/admin/");
  const Item = rail ? RailLink : FullLink;

  return (
    <Box component="nav" aria-label={t("nav.mainNavigation")} className={classes.root} data-rail={rail || undefined}>
      <ScrollArea className={classes.scroll} type="auto" offsetScrollbars={false}>
        <Stack gap={2} p={rail ? 8 : "sm"} align={rail ? "center" : "stretch"}>
          <Item item={dashboardItem} active={isActivePath(pathname, dashboardItem.to)} />

          {isAdmin &&
            (rail ? (
              <>
                <Divider my={6} w="100%" label={<IconShieldLock size={14} aria-hidden />} labelPosition="center" />
                {admin.map((item) => (
                  <Item key={item.to} item={item} active={isActivePath(pathname, item.to)} />
                ))}
                <Divider my={6} w="100%" />
              </>
            ) : (
              // A button, not Mantine's default <a>: the group toggles (aria-expanded, aria-controls) and
              // navigates nowhere, and an <a> without href can neither carry aria-expanded nor take focus.
              <NavLink
                component="button"
                label={t("nav.adminPanel")}
                leftSection={<IconShieldLock size={20} stroke={1.6} aria-hidden />}
                defaultOpened={adminActive}
                active={adminActive}
                variant="subtle"
                className={classes.link}
                childrenOffset={28}
                data-testid="admin-panel-group"
              >
                {admin.map((item) => (
                  <Item key={item.to} item={item} active={isActivePath(pathname, item.to)} />
                ))}
              </NavLink>
            ))}

          {userItems.map((item) => (
            <Item key={item.to} item={item} active={isActivePath(pathname, item.to)} />
          ))}
        </Stack>
      </ScrollArea>

      <Box className={classes.footer} p={rail ? 8 : "sm"}>
        {rail ? (
          <Tooltip label={t("nav.buyLicense")} position={dir === "rtl" ? "left" : "right"} withArrow>
            <Button component={Link} to={paths.pricingPlans} aria-label={t("nav.buyLicense")} px={0} w={48} h={44}>
              <IconShoppingCart size={20} aria-hidden />
            </Button>
          </Tooltip>
        ) : (
          <Button component={Link} to={paths.pricingPlans} fullWidth size="md" leftSection={<IconShoppingCart size={18} aria-hidden />}>
            {t("nav.buyLicense")}
          </Button>
        )}
      </Box>
    </Box>
  );
}
