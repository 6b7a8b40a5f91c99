import { zodResolver } from "@hookform/resolvers/zod";
import { Avatar, Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconCalendar, IconCircleCheck, IconMailExclamation, IconShieldCheck } from "@tabler/icons-react";
import { updateMeBodySchema, type UpdateMeBody, type User } from "@portal/contract";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { TextField } from "@/components/form";
import { SectionCard } from "@/components/section-card";
import { useServerErrors } from "@/lib/form-errors";
import { formatInstant } from "@/lib/format";
import { notifyMessage, notifySuccess } from "@/lib/notify";
import { useUpdateMe } from "../api/account";

type ProfileForm = UpdateMeBody;
const fields = ["firstname", "lastname", "userName"] as const satisfies readonly Path<ProfileForm>[];

/** The avatar shows the first letter of the userName (spec section 3). */
function initialOf(user: Pick<User, "userName" | "email">): string {
  const source = user.userName || user.email || "?";
  return [...source][0]?.toLocaleUpperCase() ?? "?";
}

export function formatMemberSince(iso: string, language: string | undefined): string {
  return formatInstant(iso, language, "longDate");
}

/** Member since, name and username (PUT api/v1/auth/me); the e-mail is shown, not edited. */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateMe();
  const values = { firstname: user.firstname, lastname: user.lastname, userName: user.userName };
  const form = useForm<ProfileForm, unknown, z.output<typeof updateMeBodySchema>>({
    resolver: zodResolver(updateMeBodySchema),
    mode: "onTouched",
    defaultValues: values,
    // A save (or a refetch of /auth/me) makes the saved values the new starting point.
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onServerError = useServerErrors(form.setError, { fields, fieldByCode: { "auth/username_taken": "userName" } });
  const onSubmit = form.handleSubmit((parsed) => {
    // Only what changed: an unchanged e-mail-shaped userName (the sign-up fallback) is not resent.
    const dirty = form.formState.dirtyFields;
    const body: UpdateMeBody = {};
    if (dirty.firstname) body.firstname = parsed.firstname;
    if (dirty.lastname) body.lastname = parsed.lastname;
    if (dirty.userName) body.userName = parsed.userName;
    if (Object.keys(body).length === 0) {
      notifyMessage(t("accounts.preferences.profile.noChanges"), "info");
      return;
    }
    update.mutate(body, { onSuccess: () => notifySuccess(t("accounts.preferences.profile.saved")), onError: onServerError });
  });

  const fullName = `${user.firstname} ${user.lastname}`.trim() || user.userName;

  return (
    <SectionCard id="profile" testId="profile-card" title={t("accounts.preferences.profile.title")} description={t("accounts.preferences.profile.description")}>
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar color="brand" radius="xl" size={56} aria-hidden>
          {initialOf(user)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {fullName}
          </Text>
          <Text size="sm" c="dimmed" truncate="end" dir="ltr" ta="start">
            {user.email}
          </Text>
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconCalendar size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" data-testid="member-since">
              {t("accounts.preferences.profile.memberSince", { date: formatMemberSince(user.d_created, i18n.resolvedLanguage) })}
            </Text>
          </Group>
          <Group gap={6} wrap="wrap">
            {user.emailVerified ? (
              <Badge variant="light" color="teal" tt="none" leftSection={<IconCircleCheck size={12} aria-hidden />}>
                {t("accounts.preferences.profile.emailVerified")}
              </Badge>
            ) : (
              <Badge variant="light" color="yellow" tt="none" leftSection={<IconMailExclamation size={12} aria-hidden />}>
                {t("accounts.preferences.profile.emailNotVerified")}
              </Badge>
            )}
            {user.isAdmin && (
              <Badge variant="light" color="brand" tt="none" leftSection={<IconShieldCheck size={12} aria-hidden />}>
                {t("accounts.preferences.profile.admin")}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>

      <form noValidate onSubmit={onSubmit} aria-labelledby="profile-title">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField control={form.control} name="firstname" label={t("accounts.preferences.profile.firstname")} autoComplete="given-name" required />
            <TextField control={form.control} name="lastname" label={t("accounts.preferences.profile.lastname")} autoComplete="family-name" required />
          </SimpleGrid>
          <TextField
            control={form.control}
            name="userName"
            label={t("accounts.preferences.profile.userName")}
            description={t("accounts.preferences.profile.userNameHint")}
            autoComplete="username"
          />
          <TextInput
            label={t("accounts.preferences.profile.email")}
            description={t("accounts.preferences.profile.emailHint")}
            value={user.email}
            readOnly
            variant="filled"
            dir="ltr"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty} data-testid="profile-save">
              {t("accounts.common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
