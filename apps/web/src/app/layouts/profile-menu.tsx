import { Avatar, Group, Menu, Text, UnstyledButton, useDirection } from "@mantine/core";
import {
  IconChevronDown,
  IconCreditCard,
  IconFolders,
  IconHelpCircle,
  IconKey,
  IconLanguage,
  IconLifebuoy,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
  IconUserCog,
} from "@tabler/icons-react";
import type { User } from "@portal/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { externalLinkProps } from "@/components/external-link";
import { useThemeToggle } from "@/components/theme-toggle";
import { useSaveSettings } from "@/features/settings/api/settings";
import { currentLanguage, isLanguage, languages } from "@/lib/i18n";
import { paths } from "@/lib/paths";
import { useSupportUrl } from "@/lib/web-config";
import classes from "./top-bar.module.css";

/** The avatar shows the first letter of the userName (spec section 3). */
export function initialOf(user: Pick<User, "userName" | "email">): string {
  const source = user.userName || user.email || "?";
  return [...source][0]?.toLocaleUpperCase() ?? "?";
}

/** Profile (preferences), settings, billing, projects, FAQ, help and support, theme, language, logout. */
export function ProfileMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const { scheme } = useThemeToggle();
  // Logged in, the theme and the language are settings of the account: saved, and applied by UserSettingsSync.
  const save = useSaveSettings();
  const toggle = () => save.save({ theme: scheme === "dark" ? "light" : "dark" });
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  const fullName = `${user.firstname} ${user.lastname}`.trim() || user.userName;
  const supportUrl = useSupportUrl();

  return (
    <Menu position="bottom-end" width={260} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton className={classes.profileButton} aria-label={t("profileMenu.open")} data-testid="profile-menu-button">
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34}>
              {initialOf(user)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="lg" maw={160} truncate="end">
              {fullName}
            </Text>
            <IconChevronDown size={14} aria-hidden className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>

      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
          {user.isAdmin && (
            <Text size="xs" c="brand" fw={600}>
              {t("profileMenu.administrator")}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.preferences} leftSection={<IconUserCog size={16} aria-hidden />}>
          {t("profileMenu.profile")}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.apiTokens} leftSection={<IconKey size={16} aria-hidden />} data-testid="profile-api-tokens">
          {t("apiTokens.page.title")}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.settings} leftSection={<IconSettings size={16} aria-hidden />}>
          {t("profileMenu.settings")}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.billing} leftSection={<IconCreditCard size={16} aria-hidden />}>
          {t("profileMenu.billing")}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.projects} leftSection={<IconFolders size={16} aria-hidden />}>
          {t("profileMenu.projects")}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.faq} leftSection={<IconHelpCircle size={16} aria-hidden />}>
          {t("profileMenu.faq")}
        </Menu.Item>
        {supportUrl && (
          <Menu.Item
            component="a"
            href={supportUrl}
            {...externalLinkProps}
            leftSection={<IconLifebuoy size={16} aria-hidden />}
            aria-label={`${t("profileMenu.helpAndSupport")} (${t("common.externalLink")})`}
          >
            {t("profileMenu.helpAndSupport")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          closeMenuOnClick={false}
          onClick={toggle}
          leftSection={scheme === "dark" ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
          data-testid="profile-theme-toggle"
        >
          {scheme === "dark" ? t("theme.light") : t("theme.dark")}
        </Menu.Item>
        <Menu.Sub position={dir === "rtl" ? "left-start" : "right-start"}>
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconLanguage size={16} aria-hidden />} data-testid="profile-language">
              {t("language.label")}
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            <Menu.RadioGroup value={language} onChange={(next) => isLanguage(next) && save.save({ language: next })}>
              {languages.map((entry) => (
                <Menu.RadioItem key={entry.code} value={entry.code} lang={entry.code}>
                  {entry.nativeName}
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout} leftSection={<IconLogout size={16} aria-hidden />} data-testid="logout">
          {t("profileMenu.logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
