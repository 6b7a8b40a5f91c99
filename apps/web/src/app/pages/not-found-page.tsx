import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "@/components/logo";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";

/** /404 with "Back to dashboard" (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Logo />
        <Text fz={72} fw={800} c="brand" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          {t("notFound.title")}
        </Title>
        <Text c="dimmed">{t("notFound.description")}</Text>
        <Button component={Link} to={paths.dashboard} leftSection={<IconArrowLeft size={16} className="mirror-rtl" aria-hidden />}>
          {t("notFound.backToDashboard")}
        </Button>
      </Stack>
    </Center>
  );
}

export { NotFoundPage as Component };
