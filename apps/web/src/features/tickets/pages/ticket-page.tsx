import { useParams } from "react-router";
import { TicketDetail } from "../components/ticket-detail";

/** my-tickets/{uuid}: the customer's ticket and its thread. */
export function TicketPage() {
  const { uuid = "" } = useParams();
  return <TicketDetail key={uuid} id={uuid} viewer="customer" />;
}

export { TicketPage as Component };
