import { List, ThemeIcon } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { PASSWORD_MIN_LENGTH } from "@portal/contract";
import { useTranslation } from "react-i18next";

/** The sign-up password rule of spec section 5, checked live as the visitor types. */
export function passwordChecks(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    letter: /\p{L}/u.test(password),
    number: /\p{N}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  return (
    <List id={id} size="sm" spacing={4} center aria-label={t("auth.signup.requirementsTitle")} mt={6}>
      {(Object.keys(checks) as (keyof typeof checks)[]).map((rule) => (
        <List.Item
          key={rule}
          c={checks[rule] ? "teal" : "dimmed"}
          icon={
            <ThemeIcon size={16} radius="xl" color={checks[rule] ? "teal" : "gray"} variant={checks[rule] ? "filled" : "light"}>
              {checks[rule] ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
            </ThemeIcon>
          }
        >
          {t(`auth.signup.requirements.${rule}`)}
        </List.Item>
      ))}
    </List>
  );
}
