import { IconMessage } from "@tabler/icons-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { InboxPopover } from "@/components/inbox-popover";
import { useTicketInbox } from "../api/inbox";

// The list is code only an open dropdown needs: the top bar (in every page's shell chunk) carries
// the trigger, its unread count and the poll, and the list arrives on the first click.
const MessagesList = lazy(() => import("./messages-list"));

/**
 * The top bar's messages dropdown (spec section 2): the latest ticket messages addressed to the user,
 * unread first (GET api/v1/tickets/inbox, polled every 30 s while the tab is visible), with the
 * unread count on the trigger; each item opens its ticket.
 */
export function MessagesMenu() {
  const { t } = useTranslation();
  const inbox = useTicketInbox();
  const unread = inbox.data?.unreadCount ?? 0;
  const label = unread > 0 ? t("tickets.inbox.openWithCount", { count: unread }) : t("messages.open");
  return (
    <InboxPopover
      icon={IconMessage}
      label={label}
      unread={unread}
      title={t("messages.title")}
      unreadText={t("tickets.inbox.unread", { count: unread })}
      testId="messages"
    >
      {(close) => <MessagesList onOpen={close} />}
    </InboxPopover>
  );
}
