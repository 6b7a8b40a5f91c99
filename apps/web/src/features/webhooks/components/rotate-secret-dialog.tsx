import type { WebhookEndpoint } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { parseApiError } from "@/lib/errors";
import { notifySuccess } from "@/lib/notify";
import { useRotateWebhookSecret } from "../api/webhook-endpoints";
import { SecretDialog } from "./secret-panel";

/** "Rotate secret": asks first (`endpoint` set), then shows the new secret once. */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rotate = useRotateWebhookSecret();
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [shown, setShown] = useState(endpoint);
  if (endpoint !== null && endpoint !== shown) setShown(endpoint);

  const close = () => {
    setError(null);
    rotate.reset();
    onClose();
  };
  const confirm = () => {
    if (!endpoint) return;
    setError(null);
    rotate.mutate(endpoint.id, {
      onSuccess: (answer) => {
        notifySuccess(t("webhooks.rotate.done"));
        setSecret(answer.secret);
        close();
      },
      onError: (failure) => setError(parseApiError(failure, t).message),
    });
  };
  return (
    <>
      <ConfirmDialog
        opened={endpoint !== null}
        onClose={close}
        onConfirm={confirm}
        title={t("webhooks.rotate.title")}
        confirmLabel={t("webhooks.rotate.action")}
        cancelLabel={t("webhooks.form.cancel")}
        loading={rotate.isPending}
        error={error}
        testId="webhook-rotate-dialog"
        confirmTestId="webhook-rotate-confirm"
      >
        {t("webhooks.rotate.text", { url: shown?.url ?? "" })}
      </ConfirmDialog>
      <SecretDialog secret={secret} rotated onClose={() => setSecret(null)} />
    </>
  );
}
