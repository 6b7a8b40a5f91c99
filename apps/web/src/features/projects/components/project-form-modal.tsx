import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { projectBodySchema, type Project, type ProjectBody } from "@portal/contract";
import { Controller, useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { translateCommerceMessage } from "@/lib/commerce-messages";
import { parseApiError } from "@/lib/errors";
import { applyServerErrors } from "@/lib/form-errors";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useCreateProject } from "../api/create-project";
import { useUpdateProject } from "../api/update-project";

type Output = z.output<typeof projectBodySchema>;
const fields = ["name", "description"] as const satisfies readonly Path<ProjectBody>[];

/** Create (project = null) or rename / describe a project, in a modal. */
export function ProjectFormModal({ opened, project, onClose }: { opened: boolean; project: Project | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={project ? t("commerce.projects.renameTitle") : t("commerce.projects.createTitle")} centered>
      {opened && <ProjectForm project={project} onDone={onClose} />}
    </Modal>
  );
}

function ProjectForm({ project, onDone }: { project: Project | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateProject();
  const update = useUpdateProject();
  const form = useForm<ProjectBody, unknown, Output>({
    resolver: zodResolver(projectBodySchema),
    mode: "onTouched",
    defaultValues: { name: project?.name ?? "", description: project?.description ?? "" },
  });
  const errorOf = (name: (typeof fields)[number]) => translateCommerceMessage(form.formState.errors[name]?.message, t);
  const pending = create.isPending || update.isPending;

  const fail = (error: unknown) => {
    const parsed = parseApiError(error, t);
    const rest = applyServerErrors(parsed, form.setError, { fields, fieldByCode: { "project/name_taken": "name" } });
    if (rest.length > 0) notifyMessage([...new Set(rest.map((item) => translateCommerceMessage(item.message, t)))].join("\n"), parsed.type);
  };
  const done = (what: "created" | "saved") => {
    notifySuccess(t(`commerce.projects.${what}`));
    onDone();
  };

  const submit = form.handleSubmit((body) => {
    if (project) update.mutate({ id: project.id, body }, { onSuccess: () => done("saved"), onError: fail });
    else create.mutate(body, { onSuccess: () => done("created"), onError: fail });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="name"
          render={({ field }) => <TextInput {...field} label={t("commerce.common.name")} required maxLength={120} error={errorOf("name")} data-autofocus />}
        />
        <Controller
          control={form.control}
          name="description"
          render={({ field }) => (
            <Textarea {...field} value={field.value ?? ""} label={t("commerce.common.description")} autosize minRows={2} maxRows={6} maxLength={2000} error={errorOf("description")} />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t("commerce.common.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {project ? t("commerce.common.saveChanges") : t("commerce.common.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
