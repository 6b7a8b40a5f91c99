import { PinInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The six boxes of a two-factor code. Its own small chunk: only a reader whose account has two-factor
 * authentication reaches it, so /auth/login's first load does without it (1.6 KB compressed).
 */
export function OtpCodeInput({ length, value, invalid, onChange }: { length: number; value: string; invalid: boolean; onChange: (value: string) => void }) {
  const { t, i18n } = useTranslation();
  const digit = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <PinInput
      id="otp-code"
      role="group"
      aria-labelledby="otp-code-label"
      // Each box is named by its place ("Digit 1 of 6"), not Mantine's "PinInput".
      getInputProps={(index) => ({ "aria-label": t("auth.login.twoFactor.digit", { n: digit(index + 1), total: digit(length) }) })}
      length={length}
      type="number"
      oneTimeCode
      autoFocus
      value={value}
      onChange={onChange}
      error={invalid}
      size="md"
    />
  );
}
