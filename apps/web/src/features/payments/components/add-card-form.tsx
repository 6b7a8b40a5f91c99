import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { detectCardBrand } from "@portal/contract";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { translateMessage } from "@/lib/messages";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
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
  const errorOf = (name: keyof CardFormValues) => translateMessage(form.formState.errors[name]?.message, t);

  const thisYear = now.getUTCFullYear();
  const months = Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: String(index + 1).padStart(2, "0") }));
  const years = Array.from({ length: YEARS_AHEAD + 1 }, (_, index) => String(thisYear + index));

  const submit = form.handleSubmit((card) => {
    add.mutate(toPaymentMethodBody(card), {
      onSuccess: () => {
        notifySuccess(t("commerce.payments.cards.added"));
        onDone();
      },
      onError: (error) => {
        const parsed = parseApiError(error, t);
        const rest = applyServerErrors(parsed, form.setError, { fields: ["holderName", "expMonth", "expYear"] });
        if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => translateMessage(item.message, t)))].join("\n"), parsed.type);
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} data-testid="add-card-form">
      <Stack gap="md">
        <Controller
          control={form.control}
          name="holderName"
          render={({ field }) => (
            <TextInput
              {...field}
              label={t("commerce.payments.cards.holder")}
              placeholder={t("commerce.payments.cards.holderPlaceholder")}
              autoComplete="cc-name"
              required
              maxLength={120}
              error={errorOf("holderName")}
              data-autofocus
            />
          )}
        />
        <Controller
          control={form.control}
          name="number"
          render={({ field }) => (
            <TextInput
              {...field}
              onChange={(event) => field.onChange(formatCardNumber(event.currentTarget.value))}
              label={t("commerce.payments.cards.number")}
              aria-describedby="card-number-privacy"
              inputMode="numeric"
              autoComplete="cc-number"
              dir="ltr"
              required
              maxLength={23}
              error={errorOf("number")}
              rightSection={brand ? <CardBrandIcon brand={brand} size={26} variant="transparent" /> : null}
              rightSectionWidth={40}
            />
          )}
        />
        <SimpleGrid cols={2} spacing="md">
          <Controller
            control={form.control}
            name="expMonth"
            render={({ field }) => (
              <Select
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value === undefined ? null : String(field.value)}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                label={t("commerce.payments.cards.expMonth")}
                data={months}
                autoComplete="cc-exp-month"
                required
                error={errorOf("expMonth")}
              />
            )}
          />
          <Controller
            control={form.control}
            name="expYear"
            render={({ field }) => (
              <Select
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value === undefined ? null : String(field.value)}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                label={t("commerce.payments.cards.expYear")}
                data={years}
                autoComplete="cc-exp-year"
                required
                error={errorOf("expYear")}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="isDefault"
          render={({ field }) => (
            <Checkbox
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              label={t("commerce.payments.cards.makeDefault")}
            />
          )}
        />
        <Alert variant="light" color="gray" icon={<IconLock size={16} aria-hidden />} p="sm" id="card-number-privacy">
          <Text size="xs">{t("commerce.payments.cards.numberHint")}</Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={add.isPending}>
            {t("commerce.common.cancel")}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t("commerce.payments.cards.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
