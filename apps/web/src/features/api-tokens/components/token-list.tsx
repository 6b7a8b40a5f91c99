import { ActionIcon, Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconKey, IconTrash } from "@tabler/icons-react";
import type { ApiToken } from "@portal/contract";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { parseApiError } from "@/lib/errors";
import { formatDate, formatDateTime } from "@/lib/format";
import { notifySuccess } from "@/lib/notify";
import { useApiTokens, useRevokeApiToken } from "../api/api-tokens";
import { isolated, tokenStatus, type ApiTokenStatus } from "../lib/token-status";

const statusColor: Record<ApiTokenStatus, string> = { active: "teal", expired: "gray", revoked: "red" };

export function TokenStatusBadge({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const status = tokenStatus(token);
  return (
    <Badge variant="light" color={statusColor[status]} data-status={status}>
      {t(`apiTokens.status.${status}`)}
    </Badge>
  );
}

const technical = (value: string) => <bdi dir="ltr">{value}</bdi>;

/**
 * A user's tokens (the signed-in user's, or with `userId` another's for an administrator), with
 * loading, empty and error states, and revoke behind a confirmation. `emptyAction` is what the
 * empty state offers (the "Create token" button on the user's own page).
 */
export function TokenList({ userId, emptyAction, emptyDescription }: { userId?: string; emptyAction?: ReactNode; emptyDescription: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tokens = useApiTokens(userId);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const narrow = useMediaQuery("(max-width: 47.99em)");

  if (tokens.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t("app.loading")} data-testid="api-tokens-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (tokens.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("apiTokens.list.loadFailed")} role="alert" data-testid="api-tokens-error">
        <Text size="sm">{parseApiError(tokens.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void tokens.refetch()}>
          {t("accounts.common.retry")}
        </Button>
      </Alert>
    );
  }
  if (tokens.data.length === 0) {
    return (
      <div data-testid="api-tokens-empty">
        <EmptyPanel title={t("apiTokens.list.emptyTitle")} description={emptyDescription} icon={<IconKey size={28} aria-hidden />} action={emptyAction} />
      </div>
    );
  }

  const cells = (token: ApiToken) => ({
    scopes: (
      <Group gap={4} maw={260}>
        {token.scopes.map((scope) => (
          <Badge key={scope} size="sm" variant="outline" color="gray" tt="none" dir="ltr">
            {scope}
          </Badge>
        ))}
      </Group>
    ),
    created: <Text size="sm">{formatDate(token.createdAt, language)}</Text>,
    expires: (
      <Text size="sm" c={token.expiresAt ? undefined : "dimmed"}>
        {token.expiresAt ? formatDate(token.expiresAt, language) : t("apiTokens.list.noExpiry")}
      </Text>
    ),
    lastUsed: token.lastUsedAt ? (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(token.lastUsedAt, language)}
        </Text>
        {token.lastUsedIp && (
          <Text size="xs" c="dimmed">
            {t("apiTokens.list.fromIp")} {technical(token.lastUsedIp)}
          </Text>
        )}
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        {t("apiTokens.list.neverUsed")}
      </Text>
    ),
    name: (
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end" maw={220} title={token.name}>
          {token.name}
        </Text>
        <Code dir="ltr" fz="xs" w="fit-content" aria-label={t("apiTokens.list.prefixLabel", { prefix: token.prefix })}>
          {`${token.prefix}…`}
        </Code>
      </Stack>
    ),
  });
  const revokeButton = (token: ApiToken) =>
    tokenStatus(token) !== "revoked" && (
      <Tooltip label={t("apiTokens.revoke.action")} withArrow>
        <ActionIcon variant="subtle" color="red" onClick={() => setRevoking(token)} aria-label={t("apiTokens.revoke.actionFor", { name: token.name })} data-testid="api-token-revoke">
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );

  // A phone: one card per token, every field in sight, instead of a table scrolling sideways.
  const list = narrow ? (
    <Stack gap="sm" component="ul" aria-label={t("apiTokens.list.tableLabel")} style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="api-tokens-table">
      {tokens.data.map((token) => {
        const cell = cells(token);
        return (
          <Paper key={token.id} component="li" withBorder radius="md" p="md" data-testid="api-token-row" data-status={tokenStatus(token)}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {cell.name}
                <Group gap={4} wrap="nowrap">
                  <TokenStatusBadge token={token} />
                  {revokeButton(token)}
                </Group>
              </Group>
              {cell.scopes}
              <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                <CardField label={t("apiTokens.list.columns.created")}>{cell.created}</CardField>
                <CardField label={t("apiTokens.list.columns.expires")}>{cell.expires}</CardField>
                <CardField label={t("apiTokens.list.columns.lastUsed")}>{cell.lastUsed}</CardField>
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  ) : (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={900} type="native">
        <Table verticalSpacing="sm" highlightOnHover aria-label={t("apiTokens.list.tableLabel")} data-testid="api-tokens-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("apiTokens.list.columns.name")}</Table.Th>
              <Table.Th>{t("apiTokens.list.columns.scopes")}</Table.Th>
              <Table.Th>{t("apiTokens.list.columns.created")}</Table.Th>
              <Table.Th>{t("apiTokens.list.columns.expires")}</Table.Th>
              <Table.Th>{t("apiTokens.list.columns.lastUsed")}</Table.Th>
              <Table.Th>{t("apiTokens.list.columns.status")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("apiTokens.list.columns.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => {
              const cell = cells(token);
              return (
                <Table.Tr key={token.id} data-testid="api-token-row" data-status={tokenStatus(token)}>
                  <Table.Td>{cell.name}</Table.Td>
                  <Table.Td>{cell.scopes}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{cell.created}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{cell.expires}</Table.Td>
                  <Table.Td>{cell.lastUsed}</Table.Td>
                  <Table.Td>
                    <TokenStatusBadge token={token} />
                  </Table.Td>
                  <Table.Td>{revokeButton(token)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  return (
    <>
      {list}
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Asks before revoking: every system using the token is refused at once, and it cannot be undone. */
function RevokeDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiToken();
  const [shown, setShown] = useState<ApiToken | null>(token);
  // Keeps the name in the dialog while it fades out after closing.
  if (token && token !== shown) setShown(token);
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={token !== null}
      onClose={close}
      onConfirm={() => {
        if (!token) return;
        revoke.mutate(token.id, {
          onSuccess: () => {
            notifySuccess(t("apiTokens.revoke.done", { name: isolated(token.name) }));
            close();
          },
        });
      }}
      title={t("apiTokens.revoke.title")}
      confirmLabel={t("apiTokens.revoke.action")}
      cancelLabel={t("accounts.common.cancel")}
      danger
      loading={revoke.isPending}
      error={revoke.isError ? parseApiError(revoke.error, t).message : null}
      testId="api-token-revoke-dialog"
      confirmTestId="api-token-revoke-confirm"
    >
      {shown ? t("apiTokens.revoke.text", { name: isolated(shown.name), prefix: isolated(`${shown.prefix}…`) }) : ""}
    </ConfirmDialog>
  );
}
