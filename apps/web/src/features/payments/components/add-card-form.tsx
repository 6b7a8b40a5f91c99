import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { detectCardBrand } from "@portal/contract";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField, FormActions, SelectField, TextField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { useAddPaymentMethod } from "../api/payment-methods";
import { cardFormSchema, emptyCardForm, formatCardNumber, toPaymentMethodBody, type CardFormOutput, type CardFormValues } from "../lib/card-form";
import { CardBrandIcon } from "./card-brand-icon";

const YEARS_AHEAD = 20;

/**
 * Add a card: the full number is typed and checked here (Luhn, brand, expiry) and never leaves
 * the browser — the request carries holder, brand, last four digits and expiry only.
 */
export function AddCardForm({ onDone, onCancel, now = new Date() }: { onDone: () => void; onCancel: () => void; now?: Date }) {
  const { t } = useTranslation();
  const add = useAddPaymentMethod();
  const form = useForm<CardFormValues, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    mode: "onTouched",
    defaultValues: emptyCardForm,
  });
  const number = useWatch({ control: form.control, name: "number" });
  const digits = (number ?? "").replace(/\D/g, "");
  const brand = digits.length > 0 ? detectCardBrand(digits) : null;

  const thisYear = now.getUTCFullYear();
  const months = Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: String(index + 1).padStart(2, "0") }));
  const years = Array.from({ length: YEARS_AHEAD + 1 }, (_, index) => String(thisYear + index));

  const onServerError = useServerErrors(form.setError, { fields: ["holderName", "expMonth", "expYear"] });
  const submit = form.handleSubmit((card) => {
    add.mutate(toPaymentMethodBody(card), {
      onSuccess: () => {
        notifySuccess(t("commerce.payments.cards.added"));
        onDone();
      },
      onError: onServerError,
    });
  });

  return (
    <form noValidate onSubmit={submit} data-testid="add-card-form">
      <Stack gap="md">
        <TextField
          control={form.control}
          name="holderName"
          label={t("commerce.payments.cards.holder")}
          placeholder={t("commerce.payments.cards.holderPlaceholder")}
          autoComplete="cc-name"
          required
          maxLength={120}
          data-autofocus
        />
        <TextField
          control={form.control}
          name="number"
          normalize={formatCardNumber}
          label={t("commerce.payments.cards.number")}
          aria-describedby="card-number-privacy"
          inputMode="numeric"
          autoComplete="cc-number"
          dir="ltr"
          required
          maxLength={23}
          rightSection={brand ? <CardBrandIcon brand={brand} size={26} variant="transparent" /> : null}
          rightSectionWidth={40}
        />
        <SimpleGrid cols={2} spacing="md">
          <SelectField control={form.control} name="expMonth" parse={Number} label={t("commerce.payments.cards.expMonth")} data={months} autoComplete="cc-exp-month" required />
          <SelectField control={form.control} name="expYear" parse={Number} label={t("commerce.payments.cards.expYear")} data={years} autoComplete="cc-exp-year" required />
        </SimpleGrid>
        <CheckboxField control={form.control} name="isDefault" label={t("commerce.payments.cards.makeDefault")} />
        <Alert variant="light" color="gray" icon={<IconLock size={16} aria-hidden />} p="sm" id="card-number-privacy">
          <Text size="xs">{t("commerce.payments.cards.numberHint")}</Text>
        </Alert>
        <FormActions cancelLabel={t("commerce.common.cancel")} onCancel={onCancel} submitLabel={t("commerce.payments.cards.add")} pending={add.isPending} />
      </Stack>
    </form>
  );
}
