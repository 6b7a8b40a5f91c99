import { TICKET_ATTACHMENT_LIMITS, type TicketPriority, type TicketStatus } from "@portal/contract";

/** Badge colours: status by how much it asks of someone, priority from calm grey to alarm red. */
export const statusColor: Record<TicketStatus, string> = {
  open: "blue",
  in_progress: "yellow",
  resolved: "teal",
  closed: "gray",
};

export const priorityColor: Record<TicketPriority, string> = {
  low: "gray",
  medium: "blue",
  high: "orange",
  critical: "red",
};

/** What can be done to a ticket besides replying; each is one call (POST …/in-progress, /resolve, /close, /reopen). */
export const ticketActions = ["inProgress", "resolve", "close", "reopen"] as const;
export type TicketAction = (typeof ticketActions)[number];

/**
 * Which status changes a ticket offers (contract: open → in progress → resolved → closed; an
 * administrator reopens a resolved or closed ticket). A customer can only close their own ticket;
 * the server refuses anything else with 403 or 409 `ticket/invalid_transition`, so the buttons
 * shown never lead to a refusal.
 */
export function ticketActionsFor(status: TicketStatus, isAdmin: boolean): TicketAction[] {
  if (!isAdmin) return status === "closed" ? [] : ["close"];
  switch (status) {
    case "open":
      return ["inProgress", "resolve", "close"];
    case "in_progress":
      return ["resolve", "close"];
    case "resolved":
      return ["reopen", "close"];
    case "closed":
      return ["reopen"];
  }
}

/** A closed ticket refuses replies (409 `ticket/closed`); a customer's reply to a resolved one reopens it. */
export function canReply(status: TicketStatus): boolean {
  return status !== "closed";
}

/** Why a chosen file cannot be sent, checked before the upload (the server checks again, by content). */
export type AttachmentProblem = { kind: "tooMany"; max: number } | { kind: "tooLarge"; name: string } | { kind: "type"; name: string };

const allowedTypes: readonly string[] = TICKET_ATTACHMENT_LIMITS.contentTypes;
/** Browsers leave `type` empty for some files (.zip on Windows, .txt without a known mapping): judge those by name. */
const typeByExtension: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain",
  log: "text/plain",
  zip: "application/zip",
};

export function attachmentType(file: Pick<File, "name" | "type">): string {
  if (file.type === "application/x-zip-compressed") return "application/zip";
  if (file.type) return file.type;
  const extension = file.name.toLowerCase().split(".").pop() ?? "";
  return typeByExtension[extension] ?? "";
}

/** The accept attribute of the file input: the types and their extensions. */
export const attachmentAccept = [...allowedTypes, ...Object.keys(typeByExtension).map((extension) => `.${extension}`)].join(",");

/**
 * Adds `added` to `current` where the limits allow: answers the files kept and one problem per file
 * refused (too many in all, over 10 MB, a type the API refuses).
 */
export function checkAttachments(current: File[], added: File[]): { files: File[]; problems: AttachmentProblem[] } {
  const files = [...current];
  const problems: AttachmentProblem[] = [];
  for (const file of added) {
    if (!allowedTypes.includes(attachmentType(file))) problems.push({ kind: "type", name: file.name });
    else if (file.size > TICKET_ATTACHMENT_LIMITS.maxBytes) problems.push({ kind: "tooLarge", name: file.name });
    else if (files.length >= TICKET_ATTACHMENT_LIMITS.maxFiles) {
      if (!problems.some((problem) => problem.kind === "tooMany")) problems.push({ kind: "tooMany", max: TICKET_ATTACHMENT_LIMITS.maxFiles });
    } else files.push(file);
  }
  return { files, problems };
}

export function isImage(contentType: string): boolean {
  return /^image\/(png|jpeg|gif|webp)$/.test(contentType);
}

/** A duration in seconds as the largest unit or two ("2 h 5 min", "3 d"), in the interface language. */
export function formatDuration(seconds: number, language: string): string {
  const total = Math.max(0, Math.round(seconds));
  const parts: [number, "day" | "hour" | "minute" | "second"][] = [
    [Math.floor(total / 86_400), "day"],
    [Math.floor((total % 86_400) / 3600), "hour"],
    [Math.floor((total % 3600) / 60), "minute"],
    [total % 60, "second"],
  ];
  const first = parts.findIndex(([amount]) => amount > 0);
  if (first === -1) return new Intl.NumberFormat(language, { style: "unit", unit: "second", unitDisplay: "short" }).format(0);
  return parts
    .slice(first, first + 2)
    .filter(([amount]) => amount > 0)
    .map(([amount, unit]) => new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "short" }).format(amount))
    .join(" ");
}
