import { Button, Stack, Text } from "@mantine/core";
import { IconClockPlay } from "@tabler/icons-react";
import type { Plan } from "@portal/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorCodeOf } from "@/lib/errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useStartTrial } from "../api/plans";

/**
 * Whether the signed-in customer may still start a plan's trial: "checking" while their trials load,
 * "used" once they have had one of this plan (the server would answer 409 trial/already_used).
 */
export type TrialAvailability = "available" | "used" | "checking";

/** Where a started trial is shown: My Issued Licences with the new licence open. */
export const trialLicenseLink = (licenseId: string) => `${paths.myPurchasedLicenses}?${new URLSearchParams({ license: licenseId })}`;

/**
 * A plan card's "Start N-day free trial" (API.md "Licensing models": POST /plans/{id}/trial), under
 * the card's own choose action, with what happens said beside it. Nothing is charged, so no
 * confirmation: the licence is issued at once and My Issued Licences opens on it.
 */
export function PlanTrial({ plan, availability, describedBy }: { plan: Plan & { trialDays: number }; availability: TrialAvailability; describedBy: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartTrial();
  // The server's refusal is the last word, also before the list of used trials has caught up.
  const [refused, setRefused] = useState(false);
  const used = refused || availability === "used";
  const noteId = `plan-${plan.id}-trial-note`;

  const onStart = () =>
    start.mutate(plan.id, {
      onSuccess: (license) => {
        notifySuccess(t("commerce.pricing.trial.started", { plan: plan.name }), { id: "plan-trial" });
        void navigate(trialLicenseLink(license.id));
      },
      onError: (error) => {
        if (errorCodeOf(error) === "trial/already_used") setRefused(true);
        notifyError(error, { id: "plan-trial" });
      },
    });

  return (
    <Stack gap={6} data-testid="plan-trial">
      {used ? (
        <Button fullWidth variant="default" disabled aria-describedby={describedBy} data-testid="trial-used">
          {t("commerce.pricing.trial.used")}
        </Button>
      ) : (
        <Button
          fullWidth
          variant="light"
          leftSection={<IconClockPlay size={16} aria-hidden />}
          loading={start.isPending || availability === "checking"}
          onClick={onStart}
          aria-describedby={`${describedBy} ${noteId}`}
          data-testid="start-trial"
        >
          {t("commerce.pricing.trial.start", { count: plan.trialDays })}
        </Button>
      )}
      <Text id={noteId} size="xs" c="dimmed" ta="center" data-testid="trial-note">
        {used ? t("commerce.pricing.trial.usedNote") : t("commerce.pricing.trial.note", { count: plan.trialDays })}
      </Text>
    </Stack>
  );
}
