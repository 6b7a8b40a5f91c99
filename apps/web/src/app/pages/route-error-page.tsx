import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/lib/paths";

/** Shown when a route fails to render or its chunk cannot be loaded (for instance after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz="h2">
          {t("routeError.title")}
        </Title>
        <Text c="dimmed">{t("routeError.description")}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>{t("routeError.reload")}</Button>
          <Button variant="default" component={Link} to={paths.dashboard} reloadDocument>
            {t("notFound.backToDashboard")}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
