import type { TFunction } from "i18next";
import { translateMessage } from "@/lib/validation-messages";

/**
 * The English texts of the licence schemas (packages/contract licenses.ts) and of this area's
 * form rules, translated by their exact text; anything else goes through the app-wide table.
 */
const keyByMessage = {
  "Choose either a plan or features": "licenses.validation.planOrFeatures",
  "Choose a plan": "licenses.validation.planRequired",
  "Not a valid plan": "licenses.validation.planRequired",
  "Choose at least one feature": "licenses.validation.featuresRequired",
  "Each feature must be a valid identifier": "licenses.validation.featuresRequired",
  "Not a valid project": "licenses.validation.projectInvalid",
  "Quantity must be a number": "licenses.validation.quantityRange",
  "Quantity must be a whole number": "licenses.validation.quantityRange",
  "Quantity must be between 1 and 100": "licenses.validation.quantityRange",
  "Note must be text": "licenses.validation.noteTooLong",
  "Note must be at most 2000 characters": "licenses.validation.noteTooLong",
  "Reason field is required": "licenses.validation.reasonRequired",
  "Reason must be at most 2000 characters": "licenses.validation.reasonTooLong",
  "Duration must be at least 1 day": "licenses.validation.durationRange",
  "Duration must be a whole number of days": "licenses.validation.durationRange",
  "Max activations must be at least 1": "licenses.validation.maxActivationsRange",
  "Max activations must be a whole number": "licenses.validation.maxActivationsRange",
} as const;

export type LicenseMessage = keyof typeof keyByMessage;

export function translateLicenseMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return Object.hasOwn(keyByMessage, message) ? t(keyByMessage[message as LicenseMessage]) : translateMessage(message, t);
}
