import type { Messages } from "../en";

/** The log monitor, Español. */
const logMonitor: Messages["logMonitor"] = {
  description: "Cada acción registrada: quién la hizo, desde dónde y si se completó.",
  tableLabel: "Eventos de auditoría",
  emptyTitle: "No hay eventos de auditoría",
  emptyDescription: "Los inicios de sesión, las aprobaciones y cualquier otro cambio aparecerán aquí a medida que ocurran.",
  search: "Buscar acción, usuario, objetivo, IP o navegador",
  columns: {
    at: "Hora",
    actor: "Usuario",
    action: "Acción",
    target: "Objetivo",
    outcome: "Resultado",
    ip: "Dirección IP",
    userAgent: "Navegador",
    details: "Detalles",
  },
  outcome: {
    success: "Correcto",
    failure: "Fallido",
  },
  system: "Sistema",
  filters: {
    actor: "Usuario",
    actorPlaceholder: "Todos los usuarios",
    actorNothingFound: "Ningún usuario coincide",
    action: "Acción",
    allActions: "Todas las acciones",
    outcome: "Resultado",
    allOutcomes: "Todos los resultados",
    from: "Desde",
    to: "Hasta",
    clear: "Borrar filtros",
  },
  export: {
    button: "Exportar CSV",
    busy: "Exportando…",
    failed: "No se pudo realizar la exportación.",
  },
  live: {
    toggle: "Seguimiento en vivo",
    on: "Siguiendo eventos nuevos",
    reconnecting: "Conexión perdida, reconectando…",
    newEvents_one: "{{count}} evento nuevo",
    newEvents_other: "{{count}} eventos nuevos",
    showNew: "Mostrar eventos nuevos",
  },
  detailsButton: "Detalles",
  detailsFor: "Detalles de {{action}}",
  drawer: {
    title: "Evento de auditoría",
    id: "Id. del evento",
    targetType: "Tipo de objetivo",
    targetId: "Id. del objetivo",
    noDetails: "Este evento no tiene detalles.",
  },
};

export default logMonitor;
