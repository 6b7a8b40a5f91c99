import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Autocomplete, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { billingAddressBodySchema, countryCodes, type BillingAddress, type BillingAddressBody } from "@portal/contract";
import { useMemo } from "react";
import { Controller, useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { translateMessage } from "@/lib/messages";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useBillingAddress, useSaveBillingAddress } from "../api/billing-address";
import { TaxInfo } from "./tax-info";

type Output = z.output<typeof billingAddressBodySchema>;
const fields = ["line1", "line2", "city", "postalCode", "country", "taxLocation"] as const satisfies readonly Path<BillingAddressBody>[];

/** ISO 3166 alpha-2 codes with their names in the interface language, sorted by name. */
export function useCountryOptions(language: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([language, "en"], { type: "region" });
    } catch {
      names = undefined;
    }
    return countryCodes
      .map((code) => ({ value: code, label: names?.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [language]);
}

/** The billing address and tax location (GET → null until saved; PUT saves). */
export function BillingAddressSection() {
  const { t } = useTranslation();
  const address = useBillingAddress();
  return (
    <Stack gap="lg">
      <TaxInfo />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="billing-address-title">
        <Title order={2} fz="h4" id="billing-address-title">
          {t("commerce.payments.address.title")}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t("commerce.payments.address.description")}
        </Text>
        {address.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label={t("app.loading")}>
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        ) : address.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Text size="sm">{parseApiError(address.error, t).message}</Text>
            <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void address.refetch()}>
              {t("commerce.common.retry")}
            </Button>
          </Alert>
        ) : (
          <BillingAddressForm key={address.data?.updatedAt ?? "new"} saved={address.data} />
        )}
      </Card>
    </Stack>
  );
}

function BillingAddressForm({ saved }: { saved: BillingAddress }) {
  const { t, i18n } = useTranslation();
  const save = useSaveBillingAddress();
  const countries = useCountryOptions(i18n.language);
  const form = useForm<BillingAddressBody, unknown, Output>({
    resolver: zodResolver(billingAddressBodySchema),
    mode: "onTouched",
    defaultValues: {
      line1: saved?.line1 ?? "",
      line2: saved?.line2 ?? "",
      city: saved?.city ?? "",
      postalCode: saved?.postalCode ?? "",
      country: saved?.country ?? "",
      taxLocation: saved?.taxLocation ?? "",
    },
  });
  const errorOf = (name: (typeof fields)[number]) => translateMessage(form.formState.errors[name]?.message, t);

  const submit = form.handleSubmit((body) => {
    save.mutate(
      { ...body, line2: body.line2 ? body.line2 : undefined },
      {
        onSuccess: () => notifySuccess(t("commerce.payments.address.saved")),
        onError: (error) => {
          const parsed = parseApiError(error, t);
          const rest = applyServerErrors(parsed, form.setError, { fields });
          if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => translateMessage(item.message, t)))].join("\n"), parsed.type);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} data-testid="billing-address-form">
      <Stack gap="md">
        <Controller
          control={form.control}
          name="line1"
          render={({ field }) => <TextInput {...field} label={t("commerce.payments.address.line1")} autoComplete="address-line1" required maxLength={200} error={errorOf("line1")} />}
        />
        <Controller
          control={form.control}
          name="line2"
          render={({ field }) => (
            <TextInput
              {...field}
              value={field.value ?? ""}
              label={`${t("commerce.payments.address.line2")} (${t("common.optional")})`}
              autoComplete="address-line2"
              maxLength={200}
              error={errorOf("line2")}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={form.control}
            name="city"
            render={({ field }) => <TextInput {...field} label={t("commerce.payments.address.city")} autoComplete="address-level2" required maxLength={120} error={errorOf("city")} />}
          />
          <Controller
            control={form.control}
            name="postalCode"
            render={({ field }) => <TextInput {...field} label={t("commerce.payments.address.postalCode")} autoComplete="postal-code" required maxLength={20} error={errorOf("postalCode")} />}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? "");
                  // A first choice of country also suggests it as the tax location.
                  if (value && !form.getValues("taxLocation")) {
                    form.setValue("taxLocation", countries.find((country) => country.value === value)?.label ?? value, { shouldValidate: true });
                  }
                }}
                label={t("commerce.payments.address.country")}
                placeholder={t("commerce.payments.address.countryPlaceholder")}
                data={countries}
                searchable
                required
                autoComplete="country"
                nothingFoundMessage={t("commerce.plans.nothingFound")}
                error={errorOf("country")}
                data-testid="country-select"
              />
            )}
          />
          <Controller
            control={form.control}
            name="taxLocation"
            render={({ field }) => (
              <Autocomplete
                {...field}
                label={t("commerce.payments.address.taxLocation")}
                description={t("commerce.payments.address.taxLocationHint")}
                data={countries.map((country) => country.label)}
                limit={8}
                required
                maxLength={120}
                error={errorOf("taxLocation")}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {saved ? t("commerce.payments.address.lastSaved", { date: formatDate(saved.updatedAt, i18n.language) }) : t("commerce.payments.address.notSaved")}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t("commerce.common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
