import { Alert, Badge, Button, Center, Grid, Group, Loader, NativeSelect, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconRefresh, IconCheck, IconLock, IconPlayerPlay, IconX } from "@tabler/icons-react";
import { ticketPriorities, ticketTypes, type Ticket, type TicketPatch } from "@portal/contract";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyPanel } from "@/components/empty-panel";
import { isApiError } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { notifySuccess } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdministrators, useMarkTicketRead, useTicket, useTicketAction, useUpdateTicket } from "../api/tickets";
import { canReply, ticketActionsFor, type TicketAction } from "../lib/ticket-rules";
import { notifyTicketError } from "../lib/ticket-errors";
import { ReplyBox } from "./reply-box";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";
import { TicketThread } from "./ticket-thread";

type Viewer = "customer" | "admin";

const actionIcon: Record<TicketAction, ReactNode> = {
  inProgress: <IconPlayerPlay size={16} aria-hidden />,
  resolve: <IconCheck size={16} aria-hidden />,
  close: <IconX size={16} aria-hidden />,
  reopen: <IconRefresh size={16} aria-hidden />,
};

/** The status changes the ticket allows; closing asks first. */
function TicketActions({ ticket, viewer }: { ticket: Ticket; viewer: Viewer }) {
  const { t } = useTranslation();
  const action = useTicketAction(ticket.id);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const run = (which: TicketAction) =>
    action.mutate(which, {
      onSuccess: () => {
        notifySuccess(t(`tickets.done.${which}`));
        setConfirmingClose(false);
      },
      onError: (error) => notifyTicketError(error, t(`tickets.failed.${which}`)),
    });
  const actions = ticketActionsFor(ticket.status, viewer === "admin");
  if (actions.length === 0) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label={t("tickets.detail.actions")}>
        {actions.map((which) => (
          <Button
            key={which}
            size="sm"
            variant="light"
            color={which === "close" ? "red" : which === "resolve" ? "teal" : undefined}
            leftSection={actionIcon[which]}
            loading={action.isPending && action.variables === which}
            disabled={action.isPending && action.variables !== which}
            onClick={() => (which === "close" ? setConfirmingClose(true) : run(which))}
            data-testid={`ticket-action-${which}`}
          >
            {t(`tickets.actions.${which}`)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={confirmingClose}
        onClose={() => setConfirmingClose(false)}
        onConfirm={() => run("close")}
        title={t("tickets.confirmClose.title")}
        confirmLabel={t("tickets.actions.close")}
        cancelLabel={t("tickets.confirmClose.cancel")}
        danger
        loading={action.isPending}
        testId="ticket-close-dialog"
        confirmTestId="ticket-close-confirm"
      >
        {t("tickets.confirmClose.text", { number: ticket.number })}
      </ConfirmDialog>
    </>
  );
}

/** Administrators: assignee, priority and type (PATCH api/v1/tickets/{id}). */
function TicketProperties({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const administrators = useAdministrators();
  const update = useUpdateTicket(ticket.id);
  const change = (patch: TicketPatch, done: string) =>
    update.mutate(patch, { onSuccess: () => notifySuccess(done), onError: (error) => notifyTicketError(error, t("tickets.detail.updateFailed")) });
  const options = (administrators.data ?? []).map((user) => ({ value: user.id, label: `${user.firstname} ${user.lastname}`.trim() || user.email }));
  // The current assignee stays selectable while the list loads (or if they are no longer listed).
  if (ticket.assignee && !options.some((option) => option.value === ticket.assignee!.id)) options.unshift({ value: ticket.assignee.id, label: ticket.assignee.name });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ticket-properties-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="ticket-properties-title">
          {t("tickets.detail.properties")}
        </Title>
        <Select
          label={t("tickets.detail.assignTo")}
          placeholder={t("tickets.detail.assignPlaceholder")}
          data={options}
          value={ticket.assignee?.id ?? null}
          onChange={(value) => change({ assigneeId: value }, t("tickets.detail.assigned"))}
          clearable
          searchable
          nothingFoundMessage={t("tickets.detail.unassigned")}
          disabled={update.isPending}
          rightSection={administrators.isPending ? <Loader size="xs" aria-hidden /> : undefined}
          comboboxProps={{ withinPortal: true }}
          data-testid="ticket-assignee"
        />
        <NativeSelect
          label={t("tickets.columns.priority")}
          value={ticket.priority}
          onChange={(event) => change({ priority: event.currentTarget.value as Ticket["priority"] }, t("tickets.detail.updatedProperty"))}
          disabled={update.isPending}
          data-testid="ticket-priority-select"
        >
          {ticketPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {t(`tickets.priority.${priority}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          label={t("tickets.columns.type")}
          value={ticket.type}
          onChange={(event) => change({ type: event.currentTarget.value as Ticket["type"] }, t("tickets.detail.updatedProperty"))}
          disabled={update.isPending}
          data-testid="ticket-type-select"
        >
          {ticketTypes.map((type) => (
            <option key={type} value={type}>
              {t(`tickets.type.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function TicketHeader({ ticket, viewer }: { ticket: Ticket; viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 320px" }}>
          <Text size="sm" c="dimmed" ff="monospace">
            <bdi data-testid="ticket-number">{ticket.number}</bdi>
          </Text>
          {/* The subject keeps its own direction (bdi) but the page's alignment: an English subject in Persian stays on the right. */}
          <Title order={1} fz={{ base: "h3", sm: "h2" }} style={{ overflowWrap: "anywhere" }}>
            <bdi>{ticket.subject}</bdi>
          </Title>
        </Stack>
        <TicketActions ticket={ticket} viewer={viewer} />
      </Group>
      <Group gap="xs" wrap="wrap">
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        <Badge variant="default" styles={{ label: { overflow: "visible" } }}>
          {t(`tickets.type.${ticket.type}`)}
        </Badge>
      </Group>
      <Group component="dl" gap="xl" wrap="wrap" m={0}>
        <Fact label={t("tickets.detail.created")}>
          <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt, language)}</time>
        </Fact>
        <Fact label={t("tickets.detail.updated")}>
          <time dateTime={ticket.updatedAt}>{formatDate(ticket.updatedAt, language)}</time>
        </Fact>
        {viewer === "admin" && (
          <>
            <Fact label={t("tickets.detail.customer")}>
              <bdi>{ticket.user.name}</bdi>
              {/* On its own line: a long address wraps anywhere rather than at its hyphens, in its own direction. */}
              <Text span size="xs" c="dimmed" display="block" style={{ overflowWrap: "anywhere" }}>
                <bdi>{ticket.user.email}</bdi>
              </Text>
            </Fact>
            <Fact label={t("tickets.detail.assignee")}>{ticket.assignee?.name ?? t("tickets.detail.unassigned")}</Fact>
          </>
        )}
      </Group>
    </Stack>
  );
}

/**
 * A ticket's page, for its customer (my-tickets/{uuid}) or an administrator
 * (admin/resolution-center/{uuid}): header, actions, thread, reply box; the thread is read again
 * every 10 s while visible, and opening it marks it read for the messages dropdown.
 */
export function TicketDetail({ id, viewer }: { id: string; viewer: Viewer }) {
  const { t } = useTranslation();
  const ticket = useTicket(id);
  const markRead = useMarkTicketRead();
  const messageCount = ticket.data?.messages.length;
  useDocumentTitle(ticket.data ? `${ticket.data.number} · ${ticket.data.subject}` : t(viewer === "admin" ? "pages.admin.ticket.title" : "pages.ticketDetails.title"));

  // Seen on open, and again when new messages arrive while it is open.
  const { mutate: markTicketRead } = markRead;
  useEffect(() => {
    if (messageCount !== undefined) markTicketRead(id);
  }, [id, messageCount, markTicketRead]);

  const backTo = viewer === "admin" ? paths.admin.resolutionCenter : paths.myTickets;
  const back = (
    <Button component={Link} to={backTo} variant="default">
      {t("tickets.detail.backToList")}
    </Button>
  );

  if (ticket.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t("app.loading")} />
      </Center>
    );
  }
  if (ticket.isError) {
    if (isApiError(ticket.error) && ticket.error.status === 404) {
      return (
        <>
          <Title order={1} fz={{ base: "h3", sm: "h2" }} mb="lg">
            {t(viewer === "admin" ? "pages.admin.ticket.title" : "pages.ticketDetails.title")}
          </Title>
          <EmptyPanel title={t("tickets.detail.notFound")} description={t("tickets.detail.notFoundDescription")} action={back} />
        </>
      );
    }
    return (
      <>
        <Title order={1} fz={{ base: "h3", sm: "h2" }} mb="lg">
          {t(viewer === "admin" ? "pages.admin.ticket.title" : "pages.ticketDetails.title")}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="ticket-error">
          <Text size="sm" mb="sm">
            {t("tickets.detail.loadFailed")}
          </Text>
          <Group gap="sm">
            <Button size="xs" variant="light" color="red" onClick={() => void ticket.refetch()}>
              {t("tickets.inbox.retry")}
            </Button>
            {back}
          </Group>
        </Alert>
      </>
    );
  }

  const data = ticket.data;
  const conversation = (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t("tickets.detail.thread")}
      </Title>
      <TicketThread ticketId={data.id} messages={data.messages} viewer={viewer} />
      {canReply(data.status) ? (
        <ReplyBox key={data.id} ticketId={data.id} allowNotes={viewer === "admin"} />
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="ticket-closed">
          {t("tickets.detail.closedNotice")}
        </Alert>
      )}
    </Stack>
  );

  return (
    <>
      <TicketHeader ticket={data} viewer={viewer} />
      {viewer === "admin" ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>{conversation}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TicketProperties ticket={data} />
          </Grid.Col>
        </Grid>
      ) : (
        <div style={{ maxWidth: 860 }}>{conversation}</div>
      )}
    </>
  );
}
