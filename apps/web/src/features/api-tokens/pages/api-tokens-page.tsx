import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/lib/auth";
import { CreateTokenDialog } from "../components/create-token-dialog";
import { TokenList } from "../components/token-list";

/** preferences/api-tokens: the signed-in user's API tokens — create (secret shown once), list with last use, revoke. */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [creating, setCreating] = useState(false);
  const createButton = (testId: string) => (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid={testId}>
      {t("apiTokens.create.open")}
    </Button>
  );
  return (
    <>
      <PageHeader title={t("apiTokens.page.title")} description={t("apiTokens.page.description")} actions={createButton("api-token-create")} />
      <TokenList emptyDescription={t("apiTokens.list.emptyDescription")} emptyAction={createButton("api-token-create-empty")} />
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} isAdmin={Boolean(user?.isAdmin)} />
    </>
  );
}

export { ApiTokensPage as Component };
