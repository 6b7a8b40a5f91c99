import { Skeleton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { useTokenOwner } from "../api/api-tokens";
import { TokenList } from "../components/token-list";
import { isolated } from "../lib/token-status";

/** admin/users/:id/api-tokens: one user's API tokens, which an administrator may revoke (never create). */
export function AdminUserTokensPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const owner = useTokenOwner(id);
  const name = owner.data ? `${owner.data.firstname} ${owner.data.lastname}`.trim() || owner.data.userName : undefined;
  return (
    <>
      <PageHeader
        title={name ? t("apiTokens.admin.title", { name: isolated(name) }) : owner.isPending ? <Skeleton height={32} width={260} /> : t("apiTokens.page.title")}
        description={owner.data ? <bdi dir="ltr">{owner.data.email}</bdi> : t("apiTokens.admin.description")}
      />
      <TokenList userId={id} emptyDescription={t("apiTokens.admin.emptyDescription")} />
    </>
  );
}

export { AdminUserTokensPage as Component };
