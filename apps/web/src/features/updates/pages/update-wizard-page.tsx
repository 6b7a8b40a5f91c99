import { Alert, Button, Paper, Skeleton, Stack, Stepper, Text, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { Update } from "@portal/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { parseApiError } from "@/lib/errors";
import { paths } from "@/lib/paths";
import { updateQueryKey, useUpdate } from "../api/updates";
import { ChangelogStep } from "../components/wizard/changelog-step";
import { CommandsStep } from "../components/wizard/commands-step";
import { FilesStep } from "../components/wizard/files-step";
import { WizardFinished } from "../components/wizard/finished";

/** The wizard's steps (spec section 4): upload files, commands, change log, then finished. */
const FILES = 0;
const COMMANDS = 1;
const CHANGELOG = 2;
const FINISHED = 3;

const steps = [
  { label: "updates.wizard.filesStep", hint: "updates.wizard.filesStepHint" },
  { label: "updates.wizard.commandsStep", hint: "updates.wizard.commandsStepHint" },
  { label: "updates.wizard.changelogStep", hint: "updates.wizard.changelogStepHint" },
] as const;

function WizardFrame({ title, active, onStepClick, children }: { title: string; active: number; onStepClick?: (step: number) => void; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // On a phone three labels do not fit beside each other: numbers only, and the step named above its content.
  const narrow = useMediaQuery("(max-width: 40em)");
  const number = (index: number) => (index + 1).toLocaleString(i18n.resolvedLanguage ?? "en");
  return (
    <>
      <PageHeader
        title={title}
        description={t("updates.wizard.description")}
        actions={
          <Button component={Link} to={paths.admin.updates} variant="default">
            {t("updates.wizard.backToList")}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} maw={960}>
        <Stepper active={active} onStepClick={onStepClick} allowNextStepsSelect={false} size={narrow ? "xs" : "sm"} data-testid="update-wizard" data-step={active}>
          {steps.map((step, index) => (
            <Stepper.Step
              key={step.label}
              label={narrow ? <VisuallyHidden>{t(step.label)}</VisuallyHidden> : t(step.label)}
              description={narrow ? undefined : t(step.hint)}
              icon={number(index)}
              // Back from the change log to the commands; the uploaded files are the draft's for good.
              allowStepSelect={index === COMMANDS && active === CHANGELOG}
            >
              {active === index && (
                <Stack gap="md">
                  {narrow && (
                    <Text size="sm" fw={600}>
                      {t("updates.wizard.stepOf", { n: number(index), total: steps.length.toLocaleString(i18n.resolvedLanguage ?? "en"), label: t(step.label) })}
                    </Text>
                  )}
                  {children}
                </Stack>
              )}
            </Stepper.Step>
          ))}
          <Stepper.Completed>{active === FINISHED && children}</Stepper.Completed>
        </Stepper>
      </Paper>
    </>
  );
}

/** admin/admin-updates/new: step 1. The uploaded draft continues at its own address, so a reload resumes it. */
function NewUpdateWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uploaded = (update: Update) => {
    queryClient.setQueryData(updateQueryKey(update.id), update);
    void navigate(paths.admin.updateDraft(update.id), { replace: true });
  };
  return (
    <WizardFrame title={t("pages.admin.updateNew.title")} active={FILES}>
      <FilesStep onUploaded={uploaded} />
    </WizardFrame>
  );
}

/** admin/admin-updates/drafts/{id}: a draft's commands, then its change log; a published one shows its summary. */
function DraftWizard({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useUpdate(id);
  const [step, setStep] = useState<number | null>(null);
  // Resuming a draft is still making a new update: one title for the whole wizard.
  const title = t("pages.admin.updateNew.title");
  if (query.isPending) {
    return (
      <WizardFrame title={title} active={COMMANDS}>
        <Stack gap="sm" data-testid="wizard-loading">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      </WizardFrame>
    );
  }
  if (query.error) {
    return (
      <WizardFrame title={title} active={COMMANDS}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="wizard-error">
          {parseApiError(query.error, t).message}
        </Alert>
      </WizardFrame>
    );
  }
  const update = query.data;
  const active = update.status === "published" ? FINISHED : (step ?? COMMANDS);
  return (
    <WizardFrame title={title} active={active} onStepClick={(next) => next === COMMANDS && setStep(COMMANDS)}>
      {active === COMMANDS && <CommandsStep update={update} onSent={() => setStep(CHANGELOG)} />}
      {active === CHANGELOG && <ChangelogStep update={update} onPublished={() => setStep(FINISHED)} onBack={() => setStep(COMMANDS)} />}
      {active === FINISHED && <WizardFinished update={update} />}
    </WizardFrame>
  );
}

/** The update wizard (spec section 4): a new update from step 1, or a draft resumed at step 2. */
export function UpdateWizardPage() {
  const { id } = useParams();
  return id ? <DraftWizard key={id} id={id} /> : <NewUpdateWizard />;
}

export { UpdateWizardPage as Component };
