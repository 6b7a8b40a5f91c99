import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { isRefusedTwoFactorCode, parseApiError } from "@/lib/errors";
import { notifyMessage } from "@/lib/notify";

/**
 * The code a two-factor step asks for (turning 2FA on or off): the input's props, its error (cleared
 * as the code is retyped), and where a refusal goes — on the code when it is about the code (wrong,
 * already used, or a 422 naming it), else a toast.
 */
export function useTwoFactorCode() {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  return {
    code,
    setError,
    inputProps: {
      value: code,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setCode(event.currentTarget.value);
        setError(undefined);
      },
      error,
      autoComplete: "one-time-code",
      required: true,
      dir: "ltr",
    },
    onRefused: (failure: unknown) => {
      const parsed = parseApiError(failure, t);
      if (isRefusedTwoFactorCode(parsed.code) || parsed.items.some((item) => item.field === "code")) setError(parsed.message);
      else notifyMessage(parsed.message, parsed.type);
    },
  };
}
