import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Page, Ticket, TicketBody, TicketMessage, TicketPatch, TicketStats, TicketSummary, User } from "@portal/contract";
import { apiClient, type Envelope, type QueryParams } from "@/lib/api-client";
import { uploadMultipart, type UploadProgress } from "@/lib/upload";
import type { TicketAction } from "../lib/ticket-rules";
import { ticketInboxQueryKey } from "./inbox";

/** The calls of API.md "Tickets". Customers get their own tickets, administrators every ticket, from the same paths. */
export const ticketsQueryKey = ["tickets"] as const;
const ticketPath = (id: string) => `api/v1/tickets/${encodeURIComponent(id)}`;
/** How often an open thread asks for new messages while the tab is visible. */
export const THREAD_POLL_MS = 10_000;

export async function listTickets(query: QueryParams, signal?: AbortSignal): Promise<Page<TicketSummary>> {
  return (await apiClient.get<Envelope<Page<TicketSummary>>>("api/v1/tickets", { params: query, signal })).data;
}

export function useTickets(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: [...ticketsQueryKey, "list", query],
      queryFn: ({ signal }) => listTickets(query, signal),
      // The previous page stays on screen (dimmed) while the next one loads.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useTicketStats() {
  return useQuery({
    queryKey: [...ticketsQueryKey, "stats"],
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<TicketStats>>("api/v1/tickets/stats", { signal })).data,
  });
}

export const ticketQueryKey = (id: string) => [...ticketsQueryKey, "detail", id] as const;

/** One ticket with its thread, read again every 10 s while the page is visible and on focus, so replies appear without a reload. */
export function useTicket(id: string) {
  return useQuery({
    queryKey: ticketQueryKey(id),
    queryFn: async ({ signal }) => (await apiClient.get<Envelope<Ticket>>(ticketPath(id), { signal })).data,
    // A ticket that failed to load (404) is not asked for again and again.
    refetchInterval: (query) => (query.state.status === "error" ? false : THREAD_POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // A missing ticket stays missing: no three retries before "ticket not found".
    retry: (failures, error) => failures < 2 && !(typeof error === "object" && error !== null && "status" in error && (error as { status?: number }).status === 404),
  });
}

/** What a new message or ticket carries besides its text. */
export interface UploadInput {
  files: File[];
  onProgress?: (progress: UploadProgress) => void;
}

/** POST api/v1/tickets: JSON without files, multipart with them (so the upload can report its progress). */
export async function createTicket({ files, onProgress, ...body }: TicketBody & UploadInput): Promise<Ticket> {
  if (files.length === 0) return (await apiClient.post<Envelope<Ticket>>("api/v1/tickets", body)).data;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, String(value));
  for (const file of files) form.append("attachments", file, file.name);
  return (await uploadMultipart<Envelope<Ticket>>("api/v1/tickets", form, { onProgress })).data;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}

/** POST api/v1/tickets/{id}/messages: `internal` (administrators only) is a note the customer never sees. */
export async function sendTicketMessage(id: string, { body, internal, files, onProgress }: { body: string; internal?: boolean } & UploadInput): Promise<TicketMessage> {
  const path = `${ticketPath(id)}/messages`;
  if (files.length === 0) return (await apiClient.post<Envelope<TicketMessage>>(path, internal ? { body, internal } : { body })).data;
  const form = new FormData();
  form.append("body", body);
  if (internal) form.append("internal", "true");
  for (const file of files) form.append("attachments", file, file.name);
  return (await uploadMultipart<Envelope<TicketMessage>>(path, form, { onProgress })).data;
}

function useTicketInvalidation(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
      queryClient.invalidateQueries({ queryKey: ticketInboxQueryKey }),
    ]).then(() => queryClient.getQueryData<Ticket>(ticketQueryKey(id)));
}

export function useSendTicketMessage(id: string) {
  const invalidate = useTicketInvalidation(id);
  return useMutation({
    mutationFn: (input: { body: string; internal?: boolean } & UploadInput) => sendTicketMessage(id, input),
    onSuccess: invalidate,
  });
}

const actionPath: Record<TicketAction, string> = { inProgress: "in-progress", resolve: "resolve", close: "close", reopen: "reopen" };

export async function runTicketAction(id: string, action: TicketAction): Promise<Ticket> {
  return (await apiClient.post<Envelope<Ticket>>(`${ticketPath(id)}/${actionPath[action]}`)).data;
}

export function useTicketAction(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useTicketInvalidation(id);
  return useMutation({
    mutationFn: (action: TicketAction) => runTicketAction(id, action),
    onSuccess: async (ticket) => {
      // The answer is the ticket: show its new status at once, keep the thread we have.
      queryClient.setQueryData<Ticket>(ticketQueryKey(id), (current) => (current ? { ...current, ...ticket, messages: ticket.messages ?? current.messages } : current));
      await invalidate();
    },
  });
}

export function useUpdateTicket(id: string) {
  const invalidate = useTicketInvalidation(id);
  return useMutation({
    mutationFn: async (patch: TicketPatch) => (await apiClient.patch<Envelope<Ticket>>(ticketPath(id), patch)).data,
    onSuccess: invalidate,
  });
}

/** POST api/v1/tickets/{id}/read: the thread was seen; the messages dropdown drops its unread mark. */
export function useMarkTicketRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.post(`${ticketPath(id)}/read`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketInboxQueryKey }),
  });
}

/** GET api/v1/tickets/{id}/attachments/{attachmentId}; `inline` asks for an image preview. The bearer token goes in the header, never the URL. */
export function fetchAttachment(ticketId: string, attachmentId: string, options: { inline?: boolean; signal?: AbortSignal } = {}): Promise<Blob> {
  return apiClient.getBlob(`${ticketPath(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`, {
    params: options.inline ? { inline: 1 } : undefined,
    signal: options.signal,
  });
}

/** The administrators a ticket can be assigned to (active ones, by first name). */
export function useAdministrators(enabled = true) {
  return useQuery({
    queryKey: ["users", "list", "administrators"],
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<Page<User>>>("api/v1/users", { params: { status: "active", isAdmin: "true", pageSize: 100, sort: "firstname", order: "asc" }, signal })).data
        .items,
    enabled,
    staleTime: 60_000,
  });
}
