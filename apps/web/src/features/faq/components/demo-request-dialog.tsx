import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { demoRequestBodySchema, type DemoRequestBody } from "@portal/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { AutocompleteField, EmailField, FormActions, TextareaField, TextField } from "@/components/form";
import { useServerErrors } from "@/lib/form-errors";
import { notifySuccess } from "@/lib/notify";
import { useCreateDemoRequest } from "../api/demo-requests";

type DemoForm = z.input<typeof demoRequestBodySchema>;
type DemoOutput = z.output<typeof demoRequestBodySchema>;
const fields = ["email", "name", "company", "product", "message"] as const;

/**
 * The FAQ's demo-request dialog (spec section 2 and 5: the e-mail is required and must be valid; the
 * rest is optional). Checked with the contract's schema before sending; the server's field errors
 * land on their fields. Ends with a thank-you that names the address.
 */
export function DemoRequestDialog({
  opened,
  onClose,
  products,
  defaults,
}: {
  opened: boolean;
  onClose: () => void;
  /** Suggestions for the product field (the product categories' names). */
  products: string[];
  /** The logged-in user's address and name, to save typing. */
  defaults: Pick<DemoRequestBody, "email" | "name">;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("faq.demo.title")} centered size="lg" data-testid="demo-request-dialog">
      {/* Mounted with each opening: a sent request's thank-you is not shown again. */}
      <DemoRequestForm onClose={onClose} products={products} defaults={defaults} />
    </Modal>
  );
}

function DemoRequestForm({ onClose, products, defaults }: { onClose: () => void; products: string[]; defaults: Pick<DemoRequestBody, "email" | "name"> }) {
  const { t } = useTranslation();
  const create = useCreateDemoRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<DemoForm, unknown, DemoOutput>({
    resolver: zodResolver(demoRequestBodySchema),
    mode: "onTouched",
    defaultValues: { email: defaults.email, name: defaults.name ?? "", company: "", product: "", message: "" },
  });

  const onServerError = useServerErrors(form.setError, { fields });
  const onSubmit = form.handleSubmit((values) => {
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== "")) as DemoRequestBody;
    create.mutate(body, {
      onSuccess: (created) => {
        setSentTo(created.email);
        notifySuccess(t("faq.demo.sent"));
      },
      onError: onServerError,
    });
  });

  return sentTo ? (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title={t("faq.demo.sentTitle")} role="status" data-testid="demo-request-sent">
        {t("faq.demo.sentMessage", { email: sentTo })}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t("faq.demo.close")}
        </Button>
      </Group>
    </Stack>
  ) : (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("faq.demo.description")}
        </Text>
        <EmailField
          control={form.control}
          name="email"
          label={t("faq.demo.email")}
          placeholder={t("faq.demo.emailPlaceholder")}
          maxLength={254}
          data-autofocus
          data-testid="demo-email"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={form.control} name="name" label={t("faq.demo.name")} autoComplete="name" maxLength={200} data-testid="demo-name" />
          <TextField control={form.control} name="company" label={t("faq.demo.company")} autoComplete="organization" maxLength={200} data-testid="demo-company" />
        </SimpleGrid>
        <AutocompleteField
          control={form.control}
          name="product"
          label={t("faq.demo.product")}
          placeholder={t("faq.demo.productPlaceholder")}
          data={products}
          maxLength={200}
          comboboxProps={{ withinPortal: true }}
          data-testid="demo-product"
        />
        <TextareaField
          control={form.control}
          name="message"
          label={t("faq.demo.message")}
          placeholder={t("faq.demo.messagePlaceholder")}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          data-testid="demo-message"
        />
        <FormActions cancelLabel={t("faq.demo.cancel")} onCancel={onClose} submitLabel={t("faq.demo.submit")} pending={create.isPending} submitTestId="demo-submit" />
      </Stack>
    </form>
  );
}
