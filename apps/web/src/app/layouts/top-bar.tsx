import { ActionIcon, Burger, Button, Group, Tooltip, useDirection } from "@mantine/core";
import {
  IconExternalLink,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
} from "@tabler/icons-react";
import type { User } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AfterFirstPaint } from "@/components/after-first-paint";
import { externalLinkProps } from "@/components/external-link";
import { Logo } from "@/components/logo";
import { paths } from "@/lib/paths";
import { useSupportUrl } from "@/lib/web-config";
import { MessagesMenu, NotificationsMenu } from "./inbox-menus";
import { ProfileMenu } from "./profile-menu";
import classes from "./top-bar.module.css";

interface TopBarProps {
  user: User;
  narrow: boolean;
  minimized: boolean;
  onToggleSidebar: () => void;
  onLogout: () => void;
}

export function TopBar({ user, narrow, minimized, onToggleSidebar, onLogout }: TopBarProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const rtl = dir === "rtl";
  const CollapseIcon = rtl ? IconLayoutSidebarRightCollapse : IconLayoutSidebarLeftCollapse;
  const ExpandIcon = rtl ? IconLayoutSidebarRightExpand : IconLayoutSidebarLeftExpand;
  const toggleLabel = narrow
    ? minimized
      ? t("nav.openNavigation")
      : t("nav.closeNavigation")
    : minimized
      ? t("nav.expandSidebar")
      : t("nav.collapseSidebar");

  return (
    <div className={classes.bar}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {narrow ? (
          <Burger opened={!minimized} onClick={onToggleSidebar} size="sm" aria-label={toggleLabel} data-testid="sidebar-toggle" />
        ) : (
          <Tooltip label={toggleLabel}>
            <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggleSidebar} aria-label={toggleLabel} data-testid="sidebar-toggle">
              {minimized ? <ExpandIcon size={20} stroke={1.6} aria-hidden /> : <CollapseIcon size={20} stroke={1.6} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
        <Link to={paths.dashboard} aria-label={t("nav.dashboard")} style={{ color: "inherit", textDecoration: "none" }}>
          <Logo withName={false} hiddenFrom="sm" />
          <Logo visibleFrom="sm" />
        </Link>
      </Group>

      {/* The menus, their polls and the support link come one frame after the layout: the first commit of
          every logged-in page is lighter, and nothing shifts (they only appear at the bar's end). */}
      <AfterFirstPaint>
        <Group gap={4} wrap="nowrap">
          <SupportLinks />
          <MessagesMenu />
          <NotificationsMenu />
          <ProfileMenu user={user} onLogout={onLogout} />
        </Group>
      </AfterFirstPaint>
    </div>
  );
}

/** The support site (the server's SUPPORT_URL): a labelled button on wide screens, an icon on narrow ones; nothing until its address is known. */
function SupportLinks() {
  const { t } = useTranslation();
  const supportUrl = useSupportUrl();
  if (!supportUrl) return null;
  return (
    <>
      <Button
        component="a"
        href={supportUrl}
        {...externalLinkProps}
        variant="subtle"
        size="sm"
        visibleFrom="md"
        rightSection={<IconExternalLink size={14} aria-hidden />}
        aria-label={`${t("nav.supportAndConsulting")} (${t("common.externalLink")})`}
        data-testid="support-link"
      >
        {t("nav.supportAndConsulting")}
      </Button>
      <ActionIcon
        component="a"
        href={supportUrl}
        {...externalLinkProps}
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="md"
        aria-label={`${t("nav.supportAndConsulting")} (${t("common.externalLink")})`}
        title={t("nav.supportAndConsulting")}
      >
        <IconExternalLink size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
    </>
  );
}
