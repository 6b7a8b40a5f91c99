import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { billingAddressBodySchema, countryCodes, type BillingAddress, type BillingAddressBody } from "@portal/contract";
import { useMemo } from "react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { AutocompleteField, SelectField, TextField } from "@/components/form";
import { parseApiError } from "@/lib/errors";
import { useServerErrors } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { notifySuccess } from "@/lib/notify";
import { useBillingAddress, useSaveBillingAddress } from "../api/billing-address";
import { TaxInfo } from "@/components/tax-info";

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
  const onServerError = useServerErrors(form.setError, { fields });

  const submit = form.handleSubmit((body) => {
    save.mutate(
      { ...body, line2: body.line2 ? body.line2 : undefined },
      { onSuccess: () => notifySuccess(t("commerce.payments.address.saved")), onError: onServerError },
    );
  });

  // A first choice of country also suggests it as the tax location.
  const suggestTaxLocation = (country: string | null) => {
    if (country && !form.getValues("taxLocation")) {
      form.setValue("taxLocation", countries.find((option) => option.value === country)?.label ?? country, { shouldValidate: true });
    }
  };

  return (
    <form noValidate onSubmit={submit} data-testid="billing-address-form">
      <Stack gap="md">
        <TextField control={form.control} name="line1" label={t("commerce.payments.address.line1")} autoComplete="address-line1" required maxLength={200} />
        <TextField
          control={form.control}
          name="line2"
          label={`${t("commerce.payments.address.line2")} (${t("common.optional")})`}
          autoComplete="address-line2"
          maxLength={200}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={form.control} name="city" label={t("commerce.payments.address.city")} autoComplete="address-level2" required maxLength={120} />
          <TextField control={form.control} name="postalCode" label={t("commerce.payments.address.postalCode")} autoComplete="postal-code" required maxLength={20} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={form.control}
            name="country"
            emptyValue=""
            afterChange={suggestTaxLocation}
            label={t("commerce.payments.address.country")}
            placeholder={t("commerce.payments.address.countryPlaceholder")}
            data={countries}
            searchable
            required
            autoComplete="country"
            nothingFoundMessage={t("commerce.plans.nothingFound")}
            data-testid="country-select"
          />
          <AutocompleteField
            control={form.control}
            name="taxLocation"
            label={t("commerce.payments.address.taxLocation")}
            description={t("commerce.payments.address.taxLocationHint")}
            data={countries.map((country) => country.label)}
            limit={8}
            required
            maxLength={120}
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
