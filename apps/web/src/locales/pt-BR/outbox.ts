import type { Messages } from "../en";

const outbox: Messages["outbox"] = {
  description: "SMTP_URL não está definido, então o servidor grava cada e-mail na pasta de dados em vez de enviá-lo. Repasse o link à pessoa a quem ele se destina ou marque o e-mail dela como verificado em Usuários. As mensagens são mantidas por duas semanas.",
  tableLabel: "Mensagens da caixa de saída",
  search: "Pesquisar por destinatário ou assunto",
  columns: {
    message: "Mensagem",
    createdAt: "Gravado em",
  },
  show: "Mostrar mensagem: {{subject}}",
  hide: "Ocultar mensagem: {{subject}}",
  messageText: "Texto da mensagem",
  noText: "Esta mensagem não tem texto.",
};

export default outbox;
