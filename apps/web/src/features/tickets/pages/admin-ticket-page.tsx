import { useParams } from "react-router";
import { TicketDetail } from "../components/ticket-detail";

/** admin/resolution-center/{uuid}: the thread with internal notes, assignment, priority, type and every status change. */
export function AdminTicketPage() {
  const { uuid = "" } = useParams();
  return <TicketDetail key={uuid} id={uuid} viewer="admin" />;
}

export { AdminTicketPage as Component };
