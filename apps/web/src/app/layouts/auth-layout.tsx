import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCertificate, IconCloudDownload, IconLifebuoy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageSelect } from "@/components/language-select";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import classes from "./auth-layout.module.css";

/** Auth pages: the logo as a side panel on large screens, a language selector, the form. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <Box component="aside" className={classes.panel} visibleFrom="md">
        <Stack gap="xl" maw={420}>
          <Logo tone="white" size={48} />
          <Title order={2} c="white" fw={700} lh={1.3}>
            {t("app.tagline")}
          </Title>
          <List spacing="md" center className={classes.highlights}>
            {(
              [
                ["app.highlights.licenses", IconCertificate],
                ["app.highlights.updates", IconCloudDownload],
                ["app.highlights.support", IconLifebuoy],
              ] as const
            ).map(([key, Icon]) => (
              <List.Item
                key={key}
                icon={
                  <ThemeIcon size={32} radius="xl" variant="white" color="brand">
                    <Icon size={18} aria-hidden />
                  </ThemeIcon>
                }
              >
                <Text c="white">{t(key)}</Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Box>

      <div className={classes.content}>
        <Group justify="space-between" wrap="nowrap" className={classes.header}>
          <Logo withName={false} hiddenFrom="sm" />
          <Logo visibleFrom="sm" hiddenFrom="md" />
          <Group gap="xs" wrap="nowrap" ms="auto">
            <ThemeToggle />
            <LanguageSelect />
          </Group>
        </Group>
        <main className={classes.main} id="main-content">
          <Paper className={classes.card} withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="sm">
            <Outlet />
          </Paper>
        </main>
      </div>
    </div>
  );
}

export { AuthLayout as Component };
