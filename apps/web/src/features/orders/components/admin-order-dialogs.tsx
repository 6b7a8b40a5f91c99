import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Checkbox, Divider, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import {
  messageOf,
  orderCancelBodySchema,
  orderMarkPaidBodySchema,
  orderOfferBodySchema,
  type Order,
  type OrderCancelBody,
  type OrderMarkPaidBody,
  type OrderOfferBody,
} from "@portal/contract";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormActions, NumberField, TextareaField, TextField } from "@/components/form";
import { errorCodeOf, parseApiError } from "@/lib/errors";
import { useServerErrors } from "@/lib/form-errors";
import { formatMoney, formatNumber } from "@/lib/format";
import { countryName, formatPercent } from "../lib/money";
import { notifySuccess } from "@/lib/notify";
import { useCancelOrder, useMakeOffer, useMarkPaid } from "../api/orders";

/** "YYYY-MM-DD" of a day in the browser's calendar. */
function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default end of an offer: thirty days from today. */
export function defaultValidUntil(today = new Date()): string {
  const day = new Date(today);
  day.setDate(day.getDate() + 30);
  return isoDay(day);
}

/** The contract's offer body, and the form's own rule: the date must lie after today. */
const offerFormSchema = orderOfferBodySchema.refine((body) => body.validUntil.slice(0, 10) > isoDay(new Date()), {
  error: messageOf("orders.validation.validUntilPast"),
  path: ["validUntil"],
});
type OfferOutput = z.output<typeof offerFormSchema>;
const offerFields = ["unitPrice", "discountPercent", "validUntil", "message"] as const;

/** The price of one licence on the order as it stands: its line's, or its lines' sum (a custom plan's features). */
export function currentUnitPrice(order: Order): number {
  return order.items.reduce((sum, item) => sum + Math.round(Number(item.unitPrice) * 100), 0) / 100;
}

/** The figures an offer would have, in minor units as the server counts them. */
export function offerPreview(order: Order, unitPrice: number | undefined, discountPercent: number | undefined) {
  const quantity = order.items[0]?.quantity ?? 1;
  const unit = Number.isFinite(unitPrice) ? Math.round((unitPrice ?? 0) * 100) : Math.round(currentUnitPrice(order) * 100);
  const percent = Number.isFinite(discountPercent) ? Math.min(Math.max(discountPercent ?? 0, 0), 100) : 0;
  const subtotal = unit * quantity;
  const discount = Math.round((subtotal * percent) / 100);
  const taxKnown = order.taxCountry !== null;
  const tax = taxKnown ? Math.round(((subtotal - discount) * order.taxRate) / 100) : 0;
  return { quantity, subtotal: subtotal / 100, discount: discount / 100, tax: tax / 100, total: (subtotal - discount + tax) / 100, taxKnown };
}

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : "dimmed"}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The 409 of an offer to a customer without a billing address: what it means and what to do. */
export function BillingAddressRequired({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t("errors.codes.order/billing_address_required")} data-testid="billing-address-required">
      <Text size="sm">{t("ordersAdmin.offer.billingAddressRequired", { name })}</Text>
    </Alert>
  );
}

/** "Make offer": the price of one licence (prefilled from the order), discount, end date and a message; a live preview of the figures. */
export function OfferDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("ordersAdmin.offer.title", { number: order.number })} centered size="lg" data-testid="offer-dialog">
      {opened && <OfferForm order={order} onClose={onClose} />}
    </Modal>
  );
}

function OfferForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const offer = useMakeOffer();
  const [noAddress, setNoAddress] = useState(false);
  const form = useForm<OrderOfferBody, unknown, OfferOutput>({
    resolver: zodResolver(offerFormSchema),
    mode: "onTouched",
    defaultValues: {
      unitPrice: currentUnitPrice(order),
      discountPercent: order.status === "offered" ? order.discountPercent : 0,
      validUntil: defaultValidUntil(),
      message: order.offerMessage ?? "",
    },
  });
  const onServerError = useServerErrors(form.setError, { fields: offerFields });
  const [unitPrice, discountPercent] = useWatch({ control: form.control, name: ["unitPrice", "discountPercent"] });
  const preview = offerPreview(order, unitPrice, discountPercent);
  const money = (amount: number) => formatMoney(amount, order.currency, language);

  const submit = form.handleSubmit((body) => {
    setNoAddress(false);
    offer.mutate(
      { id: order.id, body: { ...body, message: body.message ? body.message : undefined } },
      {
        onSuccess: () => {
          notifySuccess(t("ordersAdmin.offer.done", { name: order.user.name }));
          onClose();
        },
        onError: (error) => {
          if (errorCodeOf(error) === "order/billing_address_required") setNoAddress(true);
          else onServerError(error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} data-testid="offer-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("ordersAdmin.offer.description")}
        </Text>
        {noAddress && <BillingAddressRequired name={order.user.name} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberField
            control={form.control}
            name="unitPrice"
            label={t("ordersAdmin.offer.unitPrice")}
            description={t("ordersAdmin.offer.unitPriceHint")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            rightSection={<Text size="xs" c="dimmed">{order.currency}</Text>}
            rightSectionWidth={48}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            data-testid="offer-unit-price"
          />
          <NumberField
            control={form.control}
            name="discountPercent"
            label={t("ordersAdmin.offer.discount")}
            min={0}
            max={100}
            decimalScale={2}
            data-testid="offer-discount"
          />
        </SimpleGrid>
        <TextField control={form.control} name="validUntil" type="date" label={t("ordersAdmin.offer.validUntil")} required min={isoDay(new Date())} data-testid="offer-valid-until" />
        <TextareaField control={form.control} name="message" label={`${t("ordersAdmin.offer.message")} (${t("common.optional")})`} autosize minRows={2} maxRows={6} maxLength={2000} data-testid="offer-message" />
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="offer-preview-title" data-testid="offer-preview">
          <Stack gap={6}>
            <Text size="sm" fw={700} id="offer-preview-title">
              {t("ordersAdmin.offer.preview")}
            </Text>
            <Row label={`${t("orders.totals.subtotal")} (${formatNumber(preview.quantity, language)} × ${money(preview.quantity ? preview.subtotal / preview.quantity : 0)})`} value={money(preview.subtotal)} testId="preview-subtotal" />
            <Row label={t("orders.totals.discount", { percent: formatPercent(Number.isFinite(discountPercent) ? (discountPercent ?? 0) : 0, language) })} value={money(preview.discount > 0 ? -preview.discount : 0)} testId="preview-discount" />
            {preview.taxKnown && (
              <Row label={t("orders.totals.tax", { rate: formatPercent(order.taxRate, language), country: countryName(order.taxCountry, language) })} value={money(preview.tax)} testId="preview-tax" />
            )}
            <Divider my={4} />
            <Row label={preview.taxKnown ? t("orders.totals.total") : t("ordersAdmin.offer.totalBeforeTax")} value={money(preview.total)} strong testId="preview-total" />
            {!preview.taxKnown && (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="xs" c="dimmed">
                  {t("ordersAdmin.offer.previewHint")}
                </Text>
              </Group>
            )}
          </Stack>
        </Paper>
        <FormActions cancelLabel={t("ordersAdmin.actions.close")} onCancel={onClose} submitLabel={t("ordersAdmin.offer.submit")} pending={offer.isPending} submitTestId="offer-submit" />
      </Stack>
    </form>
  );
}

const markPaidFields = ["reference"] as const;

/** "Mark paid": the payment's reference, and an explicit confirmation that licences will be issued. */
export function MarkPaidDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("ordersAdmin.markPaid.title", { number: order.number })} centered data-testid="mark-paid-dialog">
      {opened && <MarkPaidForm order={order} onClose={onClose} />}
    </Modal>
  );
}

function MarkPaidForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const markPaid = useMarkPaid();
  const [confirmed, setConfirmed] = useState(false);
  const [confirmMissing, setConfirmMissing] = useState(false);
  const form = useForm<OrderMarkPaidBody, unknown, z.output<typeof orderMarkPaidBodySchema>>({
    resolver: zodResolver(orderMarkPaidBodySchema),
    mode: "onTouched",
    defaultValues: { reference: "" },
  });
  const onServerError = useServerErrors(form.setError, { fields: markPaidFields });
  const count = order.items.reduce((sum, item) => Math.max(sum, item.quantity), 0) || 1;

  const submit = form.handleSubmit((body) => {
    if (!confirmed) {
      setConfirmMissing(true);
      return;
    }
    markPaid.mutate(
      { id: order.id, body },
      {
        onSuccess: () => {
          notifySuccess(t("ordersAdmin.markPaid.done", { number: order.number }));
          onClose();
        },
        onError: onServerError,
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} data-testid="mark-paid-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("ordersAdmin.markPaid.description")}
        </Text>
        <TextField control={form.control} name="reference" label={t("ordersAdmin.markPaid.reference")} description={t("ordersAdmin.markPaid.referenceHint")} required maxLength={200} data-autofocus data-testid="mark-paid-reference" />
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm">{t("ordersAdmin.markPaid.warning", { count, name: order.user.name })}</Text>
        </Alert>
        <Checkbox
          checked={confirmed}
          onChange={(event) => {
            setConfirmed(event.currentTarget.checked);
            setConfirmMissing(false);
          }}
          label={t("ordersAdmin.markPaid.confirm")}
          error={confirmMissing ? t("ordersAdmin.markPaid.confirmRequired") : undefined}
          data-testid="mark-paid-confirm"
        />
        <FormActions cancelLabel={t("ordersAdmin.actions.close")} onCancel={onClose} submitLabel={t("ordersAdmin.markPaid.submit")} pending={markPaid.isPending} color="teal" submitTestId="mark-paid-submit" />
      </Stack>
    </form>
  );
}

/** "Cancel order": asks first, with an optional reason the customer sees. */
export function CancelOrderDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("ordersAdmin.cancel.title", { number: order.number })} centered data-testid="cancel-order-dialog">
      {opened && <CancelForm order={order} onClose={onClose} />}
    </Modal>
  );
}

function CancelForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<OrderCancelBody, unknown, z.output<typeof orderCancelBodySchema>>({
    resolver: zodResolver(orderCancelBodySchema),
    mode: "onTouched",
    defaultValues: { reason: "" },
  });
  const submit = form.handleSubmit((body) => {
    setRefusal(null);
    cancel.mutate(
      { id: order.id, body: { reason: body.reason ? body.reason : undefined } },
      {
        onSuccess: () => {
          notifySuccess(t("ordersAdmin.cancel.done", { number: order.number }));
          onClose();
        },
        onError: (error) => setRefusal(parseApiError(error, t).message),
      },
    );
  });
  return (
    <form noValidate onSubmit={submit} data-testid="cancel-order-form">
      <Stack gap="md">
        <Text size="sm">{t("ordersAdmin.cancel.description")}</Text>
        <TextareaField control={form.control} name="reason" label={`${t("ordersAdmin.cancel.reason")} (${t("common.optional")})`} autosize minRows={2} maxRows={5} maxLength={2000} />
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Text size="sm">{refusal}</Text>
          </Alert>
        )}
        <FormActions cancelLabel={t("ordersAdmin.actions.keep")} onCancel={onClose} submitLabel={t("ordersAdmin.cancel.submit")} pending={cancel.isPending} color="red" submitTestId="cancel-order-submit" />
      </Stack>
    </form>
  );
}

