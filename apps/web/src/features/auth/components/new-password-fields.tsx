import { passwordRuleChecks, type newPasswordFields } from "@portal/contract";
import { useWatch, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { PasswordField, RuleChecklist } from "@/components/form";

type NewPassword = { [K in keyof typeof newPasswordFields]: z.input<(typeof newPasswordFields)[K]> };

/**
 * A new password and its repetition (the contract's `newPasswordFields`), as sign-up and the
 * password reset ask them: the rule of spec section 5 is ticked off live under the first.
 */
export function NewPasswordFields<T extends FieldValues & NewPassword, TOut>({
  control,
  password,
  repeatPassword,
  requirementsId,
}: {
  control: Control<T, unknown, TOut>;
  /** The two labels. */
  password: string;
  repeatPassword: string;
  /** The checklist's id, which the password input is described by. */
  requirementsId: string;
}) {
  const { t } = useTranslation();
  // A form with these two fields names them so; TypeScript cannot tell for a form type still open.
  const names = { password: "password" as FieldPath<T>, repeatPassword: "repeatPassword" as FieldPath<T> };
  const typed = (useWatch({ control, name: names.password }) as string | undefined) ?? "";
  const checks = passwordRuleChecks(typed);
  return (
    <>
      <div>
        <PasswordField control={control} name={names.password} label={password} autoComplete="new-password" required aria-describedby={requirementsId} />
        <RuleChecklist
          id={requirementsId}
          label={t("auth.signup.requirementsTitle")}
          rules={(Object.keys(checks) as (keyof typeof checks)[]).map((rule) => ({ key: rule, text: t(`auth.signup.requirements.${rule}`), met: checks[rule] }))}
        />
      </div>
      <PasswordField control={control} name={names.repeatPassword} label={repeatPassword} autoComplete="new-password" required />
    </>
  );
}
