import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, SimpleGrid, Autocomplete, Button, Group, Modal, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { demoRequestBodySchema, type DemoRequestBody } from "@portal/contract";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { translateMessage } from "@/lib/messages";
import { useCreateDemoRequest } from "../api/demo-requests";

type DemoForm = z.input<typeof demoRequestBodySchema>;
type DemoOutput = z.output<typeof demoRequestBodySchema>;
const textFields = ["name", "company", "product", "message"] as const;
const fields = ["email", ...textFields] as const;

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

  const onSubmit = form.handleSubmit((values) => {
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== "")) as DemoRequestBody;
    create.mutate(body, {
      onSuccess: (created) => {
        setSentTo(created.email);
        notifySuccess(t("faq.demo.sent"));
      },
      onError: (error) => {
        const parsed = parseApiError(error, t);
        const rest = applyServerErrors(parsed, form.setError, { fields });
        if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => item.message))].join("\n"), parsed.type);
      },
    });
  });

  const errorOf = (name: (typeof fields)[number]) => {
    const message = form.formState.errors[name]?.message;
    return message ? translateMessage(message, t) : undefined;
  };

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
        <Controller
          control={form.control}
          name="email"
          render={({ field }) => (
            <TextInput
              {...field}
              type="email"
              label={t("faq.demo.email")}
              placeholder={t("faq.demo.emailPlaceholder")}
              autoComplete="email"
              required
              maxLength={254}
              error={errorOf("email")}
              data-autofocus
              data-testid="demo-email"
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={form.control}
            name="name"
            render={({ field }) => (
              <TextInput {...field} label={t("faq.demo.name")} autoComplete="name" maxLength={200} error={errorOf("name")} data-testid="demo-name" />
            )}
          />
          <Controller
            control={form.control}
            name="company"
            render={({ field }) => (
              <TextInput {...field} label={t("faq.demo.company")} autoComplete="organization" maxLength={200} error={errorOf("company")} data-testid="demo-company" />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="product"
          render={({ field }) => (
            <Autocomplete
              {...field}
              label={t("faq.demo.product")}
              placeholder={t("faq.demo.productPlaceholder")}
              data={products}
              maxLength={200}
              error={errorOf("product")}
              comboboxProps={{ withinPortal: true }}
              data-testid="demo-product"
            />
          )}
        />
        <Controller
          control={form.control}
          name="message"
          render={({ field }) => (
            <Textarea
              {...field}
              label={t("faq.demo.message")}
              placeholder={t("faq.demo.messagePlaceholder")}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={5000}
              error={errorOf("message")}
              data-testid="demo-message"
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t("faq.demo.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="demo-submit">
            {t("faq.demo.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
