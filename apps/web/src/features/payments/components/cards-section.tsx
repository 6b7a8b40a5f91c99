import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCreditCard, IconPlus, IconTrash } from "@tabler/icons-react";
import type { PaymentMethod } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { parseApiError } from "@/lib/errors";
import { notifySuccess } from "@/lib/notify";
import { useDeletePaymentMethod, usePaymentMethods } from "../api/payment-methods";
import { AddCardForm } from "./add-card-form";
import { CardBrandIcon } from "./card-brand-icon";

const expiry = (card: Pick<PaymentMethod, "expMonth" | "expYear">) => `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;

/** My cards: brand, last four digits, holder, expiry and the default badge; add (modal) and remove (confirmed). */
export function CardsSection() {
  const { t } = useTranslation();
  const cards = usePaymentMethods();
  const remove = useDeletePaymentMethod();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
      {t("commerce.payments.cards.add")}
    </Button>
  );
  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };

  let body;
  if (cards.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={t("app.loading")}>
        {[0, 1].map((index) => (
          <Skeleton key={index} height={148} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (cards.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        <Text size="sm">{parseApiError(cards.error, t).message}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void cards.refetch()}>
          {t("commerce.common.retry")}
        </Button>
      </Alert>
    );
  } else if (cards.data.items.length === 0) {
    body = (
      <EmptyPanel
        icon={<IconCreditCard size={28} aria-hidden />}
        title={t("commerce.payments.cards.emptyTitle")}
        description={t("commerce.payments.cards.emptyDescription")}
        action={addButton}
      />
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} aria-label={t("commerce.payments.cards.listLabel")} style={{ listStyle: "none" }}>
        {cards.data.items.map((card) => {
          const brandName = t(`commerce.payments.cards.brands.${card.brand}`);
          return (
            <Card key={card.id} withBorder radius="lg" padding="lg" component="li" data-testid="payment-card">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <CardBrandIcon brand={card.brand} />
                  <Group gap="xs" wrap="nowrap">
                    {card.isDefault && (
                      <Badge color="teal" variant="light">
                        {t("commerce.payments.cards.default")}
                      </Badge>
                    )}
                    <Tooltip label={t("commerce.common.delete")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(card)}
                        aria-label={`${t("commerce.common.delete")}: ${brandName} ${t("commerce.payments.cards.endingIn", { last4: card.last4 })}`}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <Text fz="lg" fw={700} ff="monospace" dir="ltr" ta="start">
                  <span aria-hidden>•••• •••• •••• </span>
                  {card.last4}
                </Text>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" fw={500} truncate maw="60%">
                    {card.holderName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("commerce.payments.cards.expires", { date: expiry(card) })}
                  </Text>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <section aria-labelledby="cards-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="h4" id="cards-title">
          {t("commerce.payments.cards.title")}
        </Title>
        {cards.isSuccess && cards.data.items.length > 0 && addButton}
      </Group>
      {body}
      <Modal opened={adding} onClose={() => setAdding(false)} title={t("commerce.payments.cards.addTitle")} centered>
        {adding && <AddCardForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={closeDelete}
        onConfirm={() => {
          if (!deleting) return;
          setDeleteError(null);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t("commerce.payments.cards.deleted"));
              closeDelete();
            },
            onError: (failure) => setDeleteError(parseApiError(failure, t).message),
          });
        }}
        title={t("commerce.payments.cards.deleteTitle")}
        confirmLabel={t("commerce.common.delete")}
        cancelLabel={t("commerce.common.cancel")}
        danger
        loading={remove.isPending}
        error={deleteError}
        testId="delete-card-dialog"
      >
        {deleting
          ? t("commerce.payments.cards.deleteConfirm", { brand: t(`commerce.payments.cards.brands.${deleting.brand}`), last4: deleting.last4 })
          : ""}
      </ConfirmDialog>
    </section>
  );
}
