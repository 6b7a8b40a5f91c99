import { Button, Group } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SectionCard } from "@/components/section-card";
import { paths } from "@/lib/paths";

/** Where the user's API tokens are kept: their own page (a list too wide for this column). */
export function ApiTokensCard() {
  const { t } = useTranslation();
  return (
    <SectionCard id="api-tokens-card" title={t("apiTokens.page.title")} description={t("apiTokens.card.description")}>
      <Group>
        <Button component={Link} to={paths.apiTokens} variant="light" leftSection={<IconKey size={16} aria-hidden />} data-testid="preferences-api-tokens">
          {t("apiTokens.card.open")}
        </Button>
      </Group>
    </SectionCard>
  );
}
