import type { Messages } from "../en";

/** The log monitor, Português (Brasil). */
const logMonitor: Messages["logMonitor"] = {
  description: "Cada ação registrada: quem fez, de onde e se deu certo.",
  tableLabel: "Eventos de auditoria",
  emptyTitle: "Nenhum evento de auditoria",
  emptyDescription: "Logins, aprovações e todas as outras alterações aparecerão aqui conforme acontecerem.",
  search: "Pesquisar ação, usuário, alvo, IP ou navegador",
  columns: {
    at: "Horário",
    actor: "Usuário",
    action: "Ação",
    target: "Alvo",
    outcome: "Resultado",
    ip: "Endereço IP",
    userAgent: "Navegador",
    details: "Detalhes",
  },
  outcome: {
    success: "Sucesso",
    failure: "Falha",
  },
  system: "Sistema",
  filters: {
    actor: "Usuário",
    actorPlaceholder: "Todos os usuários",
    actorNothingFound: "Nenhum usuário corresponde",
    action: "Ação",
    allActions: "Todas as ações",
    outcome: "Resultado",
    allOutcomes: "Todos os resultados",
    from: "De",
    to: "Até",
    clear: "Limpar filtros",
  },
  export: {
    button: "Exportar CSV",
    busy: "Exportando…",
    failed: "Não foi possível fazer a exportação.",
  },
  live: {
    toggle: "Acompanhar ao vivo",
    on: "Acompanhando novos eventos",
    reconnecting: "Conexão perdida, reconectando…",
    newEvents_one: "{{count}} novo evento",
    newEvents_other: "{{count}} novos eventos",
    showNew: "Mostrar novos eventos",
  },
  detailsButton: "Detalhes",
  detailsFor: "Detalhes de {{action}}",
  drawer: {
    title: "Evento de auditoria",
    id: "ID do evento",
    targetType: "Tipo de alvo",
    targetId: "ID do alvo",
    noDetails: "Este evento não tem detalhes.",
  },
};

export default logMonitor;
